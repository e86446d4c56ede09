package dev.o3.s3gateway.ozone;

import java.io.IOException;
import java.io.InputStream;

/** At most {@code limit} bytes of another stream (a range GET); closing it closes the source. Not thread-safe. */
final class BoundedInputStream extends InputStream {
    private final InputStream source;
    private long remaining;

    BoundedInputStream(InputStream source, long limit) {
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
    public void close() throws IOException {
        source.close();
    }
}
