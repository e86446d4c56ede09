package dev.o3.s3gateway.ozone;

import dev.o3.client.io.KeyOutputStream;
import dev.o3.client.om.OmException;
import dev.o3.s3gateway.backend.DataWriter;
import dev.o3.s3gateway.backend.ObjectChecksum;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Optional;

/**
 * A {@link DataWriter} over a key stream: each buffer is copied once into the chunk the stream sends to the pipeline
 * (never the whole object); commit closes the stream under the gateway's ETag (and verified checksum), which commits
 * the key or part at OM. The stream does not hash the data again. Not thread-safe.
 */
final class KeyDataWriter implements DataWriter {
    private final KeyOutputStream out;
    private boolean done;

    KeyDataWriter(KeyOutputStream out) {
        this.out = out;
        out.etagFromCaller();
    }

    @Override
    public void write(ByteBuffer data) {
        try {
            out.write(data);
        } catch (IOException e) {
            abort();
            throw OmErrors.io("write failed", e);
        }
    }

    @Override
    public void commit(String etag, Optional<ObjectChecksum> checksum) {
        if (done) {
            throw new IllegalStateException("writer already committed or aborted");
        }
        done = true;
        try {
            out.close(etag, S3KeyMetadata.commitMetadata(checksum));
        } catch (IOException e) {
            out.abort();
            throw OmErrors.io("commit failed", e);
        } catch (OmException e) {
            throw OmErrors.commit(e);
        }
    }

    @Override
    public String versionId() {
        return out.versionId();
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
