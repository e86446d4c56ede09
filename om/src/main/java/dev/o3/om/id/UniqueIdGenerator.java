package dev.o3.om.id;

import java.time.Clock;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Unique, strictly increasing 63-bit ids: milliseconds since 2020-01-01 in the high bits and a 16-bit counter in the
 * low bits, so ids sort by creation time and survive restarts without persisted state as long as fewer than 65,536
 * ids per millisecond are taken (beyond that the generator borrows from the next millisecond). Thread-safe.
 */
public final class UniqueIdGenerator {
    static final long EPOCH_MILLIS = 1_577_836_800_000L;
    static final int COUNTER_BITS = 16;

    private final Clock clock;
    private final AtomicLong last = new AtomicLong();

    public UniqueIdGenerator(Clock clock) {
        this.clock = clock;
    }

    /** The next id; always greater than every id this generator returned before. */
    public long next() {
        long candidate = (clock.millis() - EPOCH_MILLIS) << COUNTER_BITS;
        return last.accumulateAndGet(candidate, (previous, now) -> Math.max(previous + 1, now));
    }

    /** Ids after a restart must be larger than {@code id} (e.g. the largest id found on disk). */
    public void advancePast(long id) {
        last.accumulateAndGet(id, Math::max);
    }

    /** The creation time, in epoch milliseconds, encoded in an id. */
    public static long timestampMillis(long id) {
        return (id >>> COUNTER_BITS) + EPOCH_MILLIS;
    }
}
