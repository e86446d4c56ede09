package dev.o3.datanode.cache;

import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;

/** What the cache has done since start, counted lock-free. In shadow mode it counts what it would have done. */
final class CacheCounters {
    /** The counted events (bytes for the byte counters). */
    enum Counter {
        HITS,
        MISSES,
        BYTES_FROM_CACHE,
        BYTES_FROM_VOLUME,
        ADMISSIONS,
        REJECTIONS,
        EVICTIONS,
        BYTES_WRITTEN,
        PAGES_ADMITTED,
        PAGES_REUSED,
        CORRUPT_PAGES,
        MISSING_PAGES,
        DEVICE_ERRORS
    }

    private final Map<Counter, LongAdder> counters = new EnumMap<>(Counter.class);

    CacheCounters() {
        for (Counter counter : Counter.values()) {
            counters.put(counter, new LongAdder());
        }
    }

    void increment(Counter counter) {
        counters.get(counter).increment();
    }

    void add(Counter counter, long amount) {
        counters.get(counter).add(amount);
    }

    long sum(Counter counter) {
        return counters.get(counter).sum();
    }
}
