package dev.o3.s3gateway.ozone;

import dev.o3.client.io.ChunkLoan;
import dev.o3.client.io.KeyInputStream;
import dev.o3.s3gateway.backend.LendingStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.ReadableByteChannel;
import java.util.Optional;

/**
 * At most {@code limit} bytes of a key stream (a range GET); closing it closes the source. It is also a channel, so a
 * responder can have the key's bytes copied straight into its own (direct) buffers, and it lends the bytes of chunks
 * read short-circuit, which the responder sends without a copy. Not thread-safe.
 */
final class BoundedInputStream extends InputStream implements ReadableByteChannel, LendingStream {
    private final KeyInputStream source;
    private long remaining;
    private boolean open = true;

    BoundedInputStream(KeyInputStream source, long limit) {
        this.source = source;
        this.remaining = limit;
    }

    @Override
    public int read() throws IOException {
        if (remaining <= 0) {
            return -1;
        }
        int b = source.read();
        if (b >= 0) {
            remaining--;
        }
        return b;
    }

    @Override
    public int read(byte[] buffer, int offset, int length) throws IOException {
        if (remaining <= 0) {
            return -1;
        }
        int n = source.read(buffer, offset, (int) Math.min(length, remaining));
        if (n > 0) {
            remaining -= n;
        }
        return n;
    }

    @Override
    public int read(ByteBuffer target) throws IOException {
        if (remaining <= 0) {
            return -1;
        }
        if (target.remaining() <= remaining) {
            int n = source.read(target);
            remaining -= Math.max(0, n);
            return n;
        }
        int n = source.read(target.slice(target.position(), (int) remaining));
        if (n > 0) {
            remaining -= n;
            target.position(target.position() + n);
        }
        return n;
    }

    @Override
    public Optional<Loan> lend(int max) throws IOException {
        if (remaining <= 0) {
            return Optional.empty();
        }
        Optional<ChunkLoan> loan = source.lend((int) Math.min(max, remaining));
        loan.ifPresent(lent -> remaining -= lent.bytes().remaining());
        return loan.map(lent -> new Loan(lent.bytes(), lent::close));
    }

    @Override
    public boolean isOpen() {
        return open;
    }

    @Override
    public void close() {
        open = false;
        source.close();
    }
}
