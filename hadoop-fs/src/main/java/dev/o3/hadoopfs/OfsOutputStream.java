package dev.o3.hadoopfs;

import dev.o3.client.io.KeyOutputStream;
import dev.o3.client.om.OmException;
import java.io.IOException;
import java.io.OutputStream;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.StreamCapabilities;

/**
 * A file being written; it appears, whole, when the stream closes. Declares no capability: neither hflush nor hsync
 * (data is durable only when the file is closed), so callers that need them can tell.
 */
final class OfsOutputStream extends OutputStream implements StreamCapabilities {
    private final KeyOutputStream key;
    private final Path path;
    private boolean closed;

    OfsOutputStream(KeyOutputStream key, Path path) {
        this.key = key;
        this.path = path;
    }

    @Override
    public void write(int b) throws IOException {
        try {
            key.write(b);
        } catch (OmException e) {
            throw Errors.translate(e, path);
        }
    }

    @Override
    public void write(byte[] data, int offset, int length) throws IOException {
        try {
            key.write(data, offset, length);
        } catch (OmException e) {
            throw Errors.translate(e, path);
        }
    }

    @Override
    public boolean hasCapability(String capability) {
        return false;
    }

    @Override
    public void close() throws IOException {
        if (!closed) {
            closed = true;
            try {
                key.close();
            } catch (OmException e) {
                throw Errors.translate(e, path);
            }
        }
    }
}
