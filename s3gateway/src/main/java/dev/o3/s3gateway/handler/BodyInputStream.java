package dev.o3.s3gateway.handler;

import dev.o3.s3gateway.body.BodySource;
import io.netty.buffer.ByteBuf;
import java.io.InputStream;
import java.util.Objects;

/**
 * A request body as an {@link InputStream}, for parsers that read streams (the browser POST form): holds at most the
 * one buffer being read. Not thread-safe; {@link #close()} releases that buffer.
 */
final class BodyInputStream extends InputStream {
    private final BodySource body;
    private ByteBuf current;
    private boolean ended;

    BodyInputStream(BodySource body) {
        this.body = Objects.requireNonNull(body, "body is null");
    }

    @Override
    public int read() {
        byte[] one = new byte[1];
        return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
    }

    @Override
    public int read(byte[] buffer, int offset, int length) {
        Objects.checkFromIndexSize(offset, length, buffer.length);
        if (length == 0) {
            return 0;
        }
        if (!fill()) {
            return -1;
        }
        int n = Math.min(length, current.readableBytes());
        current.readBytes(buffer, offset, n);
        return n;
    }

    @Override
    public int available() {
        return current == null ? 0 : current.readableBytes();
    }

    private boolean fill() {
        while (current == null || !current.isReadable()) {
            if (current != null) {
                current.release();
                current = null;
            }
            if (ended) {
                return false;
            }
            current = body.next();
            if (current == null) {
                ended = true;
                return false;
            }
        }
        return true;
    }

    @Override
    public void close() {
        if (current != null) {
            current.release();
            current = null;
        }
    }
}
