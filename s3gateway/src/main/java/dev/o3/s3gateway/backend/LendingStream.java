package dev.o3.s3gateway.backend;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Optional;

/**
 * An object stream that can lend bytes it already holds in direct memory instead of copying them out, so a responder
 * hands them to the socket as they are (a short-circuit read's chunk buffer, for one).
 */
public interface LendingStream {
    /**
     * Up to {@code max} bytes at the stream's position, which moves past them; empty when the bytes there cannot be
     * lent (read them instead) or at the end.
     */
    Optional<Loan> lend(int max) throws IOException;

    /**
     * Lent bytes: a direct buffer to read from position 0 to its limit, never to write, until {@code release} runs
     * (once, on any thread).
     */
    record Loan(ByteBuffer bytes, Runnable release) {}
}
