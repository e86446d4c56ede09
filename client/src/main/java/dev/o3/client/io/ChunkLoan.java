package dev.o3.client.io;

import java.nio.ByteBuffer;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Bytes of a key lent by {@link KeyInputStream#lend}: a view of the pooled buffer a chunk was read into, which goes
 * back to the pool only after {@link #close()}. Thread-safe.
 */
public final class ChunkLoan implements AutoCloseable {
    private final ShortCircuitReads.LocalChunk chunk;
    private final ByteBuffer bytes;
    private final AtomicBoolean closed = new AtomicBoolean();

    ChunkLoan(ShortCircuitReads.LocalChunk chunk, int offset, int length) {
        this.chunk = chunk;
        this.bytes = chunk.retain(offset, length);
    }

    /** The lent bytes, from position 0 to the limit: a direct buffer to be read, never written. */
    public ByteBuffer bytes() {
        return bytes;
    }

    /** Ends the loan; the view must not be used after it. Idempotent. */
    @Override
    public void close() {
        if (closed.compareAndSet(false, true)) {
            chunk.release();
        }
    }
}
