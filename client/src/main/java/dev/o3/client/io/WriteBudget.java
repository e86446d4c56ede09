package dev.o3.client.io;

import java.io.InterruptedIOException;
import java.util.concurrent.Semaphore;

/**
 * Bytes of chunk data that all key streams of one client may hold at once ({@code ozone.client.write.buffer.max}):
 * the chunk a stream is filling and the chunks it sent but a PutBlock has not yet committed (kept to be written again
 * elsewhere after a failure). A stream reserves a whole chunk before it starts filling it and gives the bytes back as
 * its pipeline commits them, so the write buffers of a client stay under the limit however many keys it writes at
 * once. A stream that finds the budget used up first waits for its own writes in flight, then for the others (in
 * arrival order); in the S3 gateway that stops reading its request body, which pushes back on the S3 client.
 *
 * <p>Thread-safe.
 */
public final class WriteBudget {
    private static final WriteBudget UNLIMITED = new WriteBudget(0);

    private final long limit;
    private final Semaphore permits;

    /** @param limit bytes; 0 = no limit */
    public WriteBudget(long limit) {
        if (limit < 0 || limit > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("limit must be within [0, 2GB), not " + limit);
        }
        this.limit = limit;
        this.permits = limit == 0 ? null : new Semaphore((int) limit, true);
    }

    /** A budget that never makes a writer wait. */
    public static WriteBudget unlimited() {
        return UNLIMITED;
    }

    /** The limit in bytes, 0 for none. */
    public long limit() {
        return limit;
    }

    /** Bytes reserved now (0 when unlimited). */
    public long reserved() {
        return permits == null ? 0 : limit - permits.availablePermits();
    }

    /** Reserves the bytes if they are free now. */
    boolean tryReserve(int bytes) {
        return permits == null || permits.tryAcquire(bytes);
    }

    /** Reserves the bytes, waiting for other streams to give enough back. */
    void reserve(int bytes) throws InterruptedIOException {
        if (permits == null) {
            return;
        }
        try {
            permits.acquire(bytes);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            InterruptedIOException interrupted = new InterruptedIOException("interrupted waiting for write buffer");
            interrupted.initCause(e);
            throw interrupted;
        }
    }

    /** Gives reserved bytes back. */
    void release(int bytes) {
        if (permits != null && bytes > 0) {
            permits.release(bytes);
        }
    }
}
