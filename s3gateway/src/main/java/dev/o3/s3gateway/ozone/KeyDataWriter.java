package dev.o3.s3gateway.ozone;

import dev.o3.client.io.KeyOutputStream;
import dev.o3.client.om.OmException;
import dev.o3.s3gateway.backend.DataWriter;
import java.io.IOException;
import java.nio.ByteBuffer;

/**
 * A {@link DataWriter} over a key stream: data goes straight to the pipeline (a small copy buffer at a time, never
 * the whole object); commit closes the stream, which commits the key or part at OM. Not thread-safe.
 */
final class KeyDataWriter implements DataWriter {
    private static final int COPY = 64 * 1024;

    private final KeyOutputStream out;
    private byte[] copy;
    private boolean done;

    KeyDataWriter(KeyOutputStream out) {
        this.out = out;
    }

    @Override
    public void write(ByteBuffer data) {
        try {
            if (data.hasArray()) {
                out.write(data.array(), data.arrayOffset() + data.position(), data.remaining());
                data.position(data.limit());
                return;
            }
            if (copy == null) {
                copy = new byte[COPY];
            }
            while (data.hasRemaining()) {
                int n = Math.min(copy.length, data.remaining());
                data.get(copy, 0, n);
                out.write(copy, 0, n);
            }
        } catch (IOException e) {
            abort();
            throw OmErrors.io("write failed", e);
        }
    }

    @Override
    public void commit(String etag) {
        if (done) {
            throw new IllegalStateException("writer already committed or aborted");
        }
        done = true;
        try {
            out.close();
        } catch (IOException e) {
            out.abort();
            throw OmErrors.io("commit failed", e);
        } catch (OmException e) {
            throw OmErrors.translate(e);
        }
    }

    @Override
    public void abort() {
        if (!done) {
            done = true;
            out.abort();
        }
    }

    @Override
    public void close() {
        abort();
    }
}
