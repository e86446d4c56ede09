package dev.o3.om.testing;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;

/** Polls a condition until it holds or a deadline passes. */
public final class Poll {
    private static final long INTERVAL_NANOS = TimeUnit.MILLISECONDS.toNanos(20);

    private Poll() {}

    /**
     * Waits for {@code condition}.
     *
     * @throws AssertionError naming {@code what} when the condition does not hold in time
     */
    public static void until(Duration timeout, BooleanSupplier condition, String what) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out after " + timeout + " waiting for " + what);
            }
            LockSupport.parkNanos(INTERVAL_NANOS);
        }
    }
}
