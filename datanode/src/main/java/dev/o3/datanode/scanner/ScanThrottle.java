package dev.o3.datanode.scanner;

import java.util.concurrent.TimeUnit;

/**
 * Limits the scanner's read rate: after each read it sleeps until the bytes read so far fit the bandwidth. Confined
 * to the scanner thread.
 */
final class ScanThrottle {
    private final long bytesPerSecond;
    private long startNanos = System.nanoTime();
    private long bytes;

    ScanThrottle(long bytesPerSecond) {
        this.bytesPerSecond = Math.max(1, bytesPerSecond);
    }

    /** Accounts for {@code read} bytes and waits as long as the rate requires. */
    void acquire(long read) throws InterruptedException {
        bytes += read;
        long dueNanos = startNanos + bytes * 1_000_000_000L / bytesPerSecond;
        long waitNanos = dueNanos - System.nanoTime();
        if (waitNanos > 0) {
            TimeUnit.NANOSECONDS.sleep(waitNanos);
        }
        if (bytes > bytesPerSecond * 60) {
            // restart the window so a long idle period does not allow an unbounded burst
            startNanos = System.nanoTime();
            bytes = 0;
        }
    }
}
