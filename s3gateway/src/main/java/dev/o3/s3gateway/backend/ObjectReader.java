package dev.o3.s3gateway.backend;

import java.io.InputStream;

/**
 * One committed version of an object, opened for reading: its info and its data come from the same metadata lookup,
 * so a concurrent overwrite cannot pair one version's headers with another's bytes. Close it when done. Not
 * thread-safe.
 */
public interface ObjectReader extends AutoCloseable {
    /** The version's info. */
    ObjectInfo info();

    /**
     * Streams {@code length} bytes of this version from {@code offset} (within the object); at most once per reader.
     * Closing the stream closes the reader. A stream that is also a {@link java.nio.channels.ReadableByteChannel} is
     * read through the channel (into the response's buffers, without a copy in between).
     */
    InputStream read(long offset, long length);

    @Override
    void close();
}
