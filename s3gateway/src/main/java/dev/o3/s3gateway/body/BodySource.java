package dev.o3.s3gateway.body;

import io.netty.buffer.ByteBuf;

/**
 * A request body as a sequence of buffers, pulled by one worker thread. Each returned buffer belongs to the caller,
 * who must release it.
 */
public interface BodySource {
    /**
     * The next non-empty piece of the body, or {@code null} at its end; blocks until data arrives.
     *
     * @throws dev.o3.s3gateway.error.S3Exception when the body is malformed or fails verification
     * @throws java.io.UncheckedIOException when the connection fails
     */
    ByteBuf next();

    /** Releases any data buffered inside this source (not yet returned); called when the request ends. */
    default void discard() {}
}
