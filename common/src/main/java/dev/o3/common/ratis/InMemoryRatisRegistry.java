package dev.o3.common.ratis;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Supplier;
import org.apache.ratis.metrics.LongCounter;
import org.apache.ratis.metrics.MetricRegistryInfo;
import org.apache.ratis.metrics.RatisMetricRegistry;
import org.apache.ratis.metrics.Timekeeper;

/**
 * One Ratis metric registry of {@link RatisMetricRegistries}: counters, timers (count and total time) and gauges in
 * memory, readable by name for export. Thread-safe.
 */
public final class InMemoryRatisRegistry implements RatisMetricRegistry {
    private final MetricRegistryInfo info;
    private final Map<String, Timer> timers = new ConcurrentHashMap<>();
    private final Map<String, Counter> counters = new ConcurrentHashMap<>();
    private final Map<String, Supplier<?>> gauges = new ConcurrentHashMap<>();

    InMemoryRatisRegistry(MetricRegistryInfo info) {
        this.info = info;
    }

    @Override
    public Timekeeper timer(String name) {
        return timers.computeIfAbsent(name, key -> new Timer());
    }

    /** A timer registered under this name, if Ratis created one. */
    public Optional<Timer> findTimer(String name) {
        return Optional.ofNullable(timers.get(name));
    }

    /** The timers by name, as of now. */
    public Map<String, Timer> timers() {
        return Map.copyOf(timers);
    }

    /** The counters' values by name, as of now. */
    public Map<String, Long> counters() {
        Map<String, Long> values = new HashMap<>();
        counters.forEach((name, counter) -> values.put(name, counter.getCount()));
        return values;
    }

    /** The gauges by name; each supplier reads the gauge's current value. */
    public Map<String, Supplier<?>> gauges() {
        return Map.copyOf(gauges);
    }

    @Override
    public LongCounter counter(String name) {
        return counters.computeIfAbsent(name, key -> new Counter());
    }

    @Override
    public boolean remove(String name) {
        boolean timer = timers.remove(name) != null;
        boolean counter = counters.remove(name) != null;
        boolean gauge = gauges.remove(name) != null;
        return timer || counter || gauge;
    }

    @Override
    public <T> void gauge(String name, Supplier<Supplier<T>> gaugeSupplier) {
        gauges.put(name, gaugeSupplier.get());
    }

    @Override
    public MetricRegistryInfo getMetricRegistryInfo() {
        return info;
    }

    /** Counts timed events and their total duration. */
    public static final class Timer implements Timekeeper {
        private final LongAdder count = new LongAdder();
        private final LongAdder totalNanos = new LongAdder();

        @Override
        public Context time() {
            long start = System.nanoTime();
            return () -> {
                long elapsed = System.nanoTime() - start;
                count.increment();
                totalNanos.add(elapsed);
                return elapsed;
            };
        }

        public long count() {
            return count.sum();
        }

        public long totalNanos() {
            return totalNanos.sum();
        }
    }

    /** A counter. */
    private static final class Counter implements LongCounter {
        private final LongAdder value = new LongAdder();

        @Override
        public void inc(long n) {
            value.add(n);
        }

        @Override
        public void dec(long n) {
            value.add(-n);
        }

        @Override
        public long getCount() {
            return value.sum();
        }
    }
}
