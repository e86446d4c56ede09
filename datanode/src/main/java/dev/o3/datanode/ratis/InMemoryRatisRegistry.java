package dev.o3.datanode.ratis;

import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Supplier;
import org.apache.ratis.metrics.LongCounter;
import org.apache.ratis.metrics.MetricRegistryInfo;
import org.apache.ratis.metrics.RatisMetricRegistry;
import org.apache.ratis.metrics.Timekeeper;

/** One Ratis metric registry: counters and timers (count and total time) in memory. Thread-safe. */
final class InMemoryRatisRegistry implements RatisMetricRegistry {
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
    Optional<Timer> findTimer(String name) {
        return Optional.ofNullable(timers.get(name));
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
    static final class Timer implements Timekeeper {
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

        long count() {
            return count.sum();
        }

        long totalNanos() {
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
