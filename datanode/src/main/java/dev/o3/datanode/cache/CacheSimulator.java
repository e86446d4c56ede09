package dev.o3.datanode.cache;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/**
 * Replays a read trace against an admission policy and a cache size without a cluster or a device: the same page
 * index and eviction as {@link ReadCache}, with no files. Each key is one block of one chunk of {@code keyBytes}.
 * The window policy sees the trace spread evenly over time at {@code readsPerMinute}.
 */
public final class CacheSimulator {
    /** Policies {@link #run} knows: admit every miss, the seed's window, TinyLFU. */
    public static final List<String> POLICIES = List.of("all", "window", "tinylfu");

    private CacheSimulator() {}

    /**
     * What one replay did.
     *
     * @param policy the admission policy
     * @param capacity cache bytes
     * @param reads reads replayed
     * @param hits reads served from the cache
     * @param bytesServed bytes read
     * @param bytesFromCache bytes served from the cache
     * @param bytesWritten bytes written to the cache device (headers included)
     * @param pagesAdmitted pages written
     * @param pagesReused written pages read again
     */
    public record Result(
            String policy,
            long capacity,
            long reads,
            long hits,
            long bytesServed,
            long bytesFromCache,
            long bytesWritten,
            long pagesAdmitted,
            long pagesReused) {
        public double byteHitRatio() {
            return bytesServed == 0 ? 0 : (double) bytesFromCache / bytesServed;
        }

        public double reuseRatio() {
            return pagesAdmitted == 0 ? 0 : (double) pagesReused / pagesAdmitted;
        }

        public double writtenPerServed() {
            return bytesServed == 0 ? 0 : (double) bytesWritten / bytesServed;
        }
    }

    /**
     * Replays {@code trace} (key indexes, in order).
     *
     * @param trace key indexes in read order
     * @param keyBytes bytes per key (one chunk)
     * @param pageSize page size
     * @param capacity cache bytes
     * @param policy one of {@link #POLICIES}
     * @param windowReads the window policy admits a key read more than this many times in the window
     * @param windowMinutes the window policy's window
     * @param readsPerMinute how fast the trace is replayed, for the window
     * @throws IllegalArgumentException for an unknown policy
     */
    public static Result run(
            long[] trace,
            long keyBytes,
            int pageSize,
            long capacity,
            String policy,
            int windowReads,
            int windowMinutes,
            long readsPerMinute) {
        AtomicLong clock = new AtomicLong();
        AdmissionPolicy admission = policy(policy, capacity, pageSize, windowReads, windowMinutes, clock);
        LongAdder evictions = new LongAdder();
        PageIndex index = new PageIndex(capacity, page -> {}, evictions::increment);
        long nanosPerRead = Duration.ofMinutes(1).toNanos() / Math.max(1, readsPerMinute);
        int pages = (int) Math.max(1, (keyBytes + pageSize - 1) / pageSize);
        long hits = 0;
        long bytesFromCache = 0;
        long bytesWritten = 0;
        long pagesAdmitted = 0;
        long pagesReused = 0;
        for (int i = 0; i < trace.length; i++) {
            clock.set(i * nanosPerRead);
            ChunkKey key = new ChunkKey(1, trace[i], 1, 0);
            admission.recordRead(key);
            boolean hit = true;
            for (int p = 0; p < pages && hit; p++) {
                hit = index.contains(key.page(p));
            }
            if (hit) {
                hits++;
                bytesFromCache += keyBytes;
                for (int p = 0; p < pages; p++) {
                    Optional<PageIndex.Page> page = index.get(key.page(p));
                    if (page.isPresent() && page.get().reused().compareAndSet(false, true)) {
                        pagesReused++;
                    }
                }
                continue;
            }
            if (!admission.admit(key, keyBytes, index)) {
                continue;
            }
            for (int p = 0; p < pages; p++) {
                int length = (int) Math.min(pageSize, keyBytes - (long) p * pageSize) + PageFiles.HEADER;
                if (index.add(key.page(p), new PageIndex.Page(null, length))) {
                    bytesWritten += length;
                    pagesAdmitted++;
                }
            }
            index.cleanUp();
        }
        return new Result(
                policy,
                capacity,
                trace.length,
                hits,
                trace.length * keyBytes,
                bytesFromCache,
                bytesWritten,
                pagesAdmitted,
                pagesReused);
    }

    private static AdmissionPolicy policy(
            String name, long capacity, int pageSize, int windowReads, int windowMinutes, AtomicLong clock) {
        return switch (name) {
            case "all" -> new AdmissionPolicy() {
                @Override
                public void recordRead(ChunkKey chunk) {}

                @Override
                public boolean admit(ChunkKey chunk, long bytes, CacheRoom room) {
                    return true;
                }
            };
            case "window" -> new WindowAdmission(windowReads, windowMinutes, clock::get);
            case "tinylfu" -> new TinyLfuAdmission(Math.max(1, capacity / pageSize));
            default -> throw new IllegalArgumentException("policy must be one of " + POLICIES + ": " + name);
        };
    }
}
