package dev.o3.s3gateway.backend;

import java.nio.ByteBuffer;
import java.util.Optional;

/**
 * The data of an object or part being written: {@link #write} any number of times, then exactly one of
 * {@link #commit} (makes it visible) or {@link #abort} (discards it). {@link #close()} aborts an uncommitted writer.
 *
 * <p>Threading: used by one thread at a time. Data is streamed: an implementation must not keep whole objects in
 * memory and must consume (copy or send) each buffer before {@link #write} returns.
 */
public interface DataWriter extends AutoCloseable {
    /** Appends the buffer's remaining bytes. */
    void write(ByteBuffer data);

    /**
     * Makes the data visible under the given ETag (computed by the gateway while streaming), with the additional
     * checksum the gateway verified (kept by objects and parts).
     *
     * @throws BackendException when the commit fails; the data is then discarded
     */
    void commit(String etag, Optional<ObjectChecksum> checksum);

    /** After {@link #commit}: the version id it made in a versioned bucket ("null" when suspended), else empty. */
    default String versionId() {
        return "";
    }

    /** Discards the data written so far; idempotent. */
    void abort();

    @Override
    void close();
}
