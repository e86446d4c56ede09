package dev.o3.datanode.cache;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.Ticker;
import java.time.Duration;
import java.util.Arrays;
import java.util.function.LongSupplier;

/**
 * The admission rule of Uber's HDFS datanode cache: admit a chunk read more than {@code reads} times in the last
 * {@code minutes} minutes. Reads are counted in per-minute buckets, one ring per recently read chunk; the rings of
 * chunks not read for a whole window are dropped, and at most {@link #TRACKED} chunks are tracked.
 */
public final class WindowAdmission implements AdmissionPolicy {
    /** Chunks whose reads are counted at once; the least recently read beyond it are forgotten. */
    static final long TRACKED = 1 << 20;

    private static final long NANOS_PER_MINUTE = Duration.ofMinutes(1).toNanos();

    private final int reads;
    private final int minutes;
    private final LongSupplier nanos;
    private final Cache<ChunkKey, Buckets> counts;

    /**
     * @param reads a chunk is admitted once read more than this many times in the window
     * @param minutes the window, in whole minutes (at least 1)
     * @param nanos monotonic clock in nanoseconds (System::nanoTime)
     */
    public WindowAdmission(int reads, int minutes, LongSupplier nanos) {
        if (reads < 0 || minutes < 1) {
            throw new IllegalArgumentException("reads must be >= 0 and minutes >= 1: " + reads + ", " + minutes);
        }
        this.reads = reads;
        this.minutes = minutes;
        this.nanos = nanos;
        Ticker ticker = nanos::getAsLong;
        this.counts = Caffeine.newBuilder()
                .maximumSize(TRACKED)
                .expireAfterAccess(Duration.ofMinutes(minutes))
                .ticker(ticker)
                .executor(Runnable::run)
                .build();
    }

    @Override
    public void recordRead(ChunkKey chunk) {
        long minute = nanos.getAsLong() / NANOS_PER_MINUTE;
        counts.get(chunk, key -> new Buckets(minutes)).add(minute);
    }

    @Override
    public boolean admit(ChunkKey chunk, long bytes, CacheRoom room) {
        Buckets buckets = counts.getIfPresent(chunk);
        return buckets != null && buckets.total(nanos.getAsLong() / NANOS_PER_MINUTE) > reads;
    }

    @Override
    public String toString() {
        return "window(more than " + reads + " reads in " + minutes + " min)";
    }

    /** A ring of per-minute read counts of one chunk. */
    private static final class Buckets {
        private final long[] minuteOf;
        private final int[] count;

        Buckets(int minutes) {
            this.minuteOf = new long[minutes];
            this.count = new int[minutes];
            Arrays.fill(minuteOf, Long.MIN_VALUE);
        }

        synchronized void add(long minute) {
            int slot = (int) Math.floorMod(minute, (long) minuteOf.length);
            if (minuteOf[slot] != minute) {
                minuteOf[slot] = minute;
                count[slot] = 0;
            }
            count[slot]++;
        }

        synchronized long total(long minute) {
            long total = 0;
            for (int i = 0; i < minuteOf.length; i++) {
                if (minuteOf[i] != Long.MIN_VALUE && minute - minuteOf[i] < minuteOf.length) {
                    total += count[i];
                }
            }
            return total;
        }
    }
}
