package dev.o3.datanode.ratis;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import org.apache.ratis.metrics.MetricRegistries;
import org.apache.ratis.metrics.MetricRegistryInfo;
import org.apache.ratis.metrics.RatisMetricRegistry;
import org.apache.ratis.util.TimeDuration;

/**
 * Ratis' metric registries (found by Ratis through {@link java.util.ServiceLoader}): lightweight in-memory counters
 * and timers, instead of Ratis' Dropwizard-based default, so the datanode can read Ratis' own timers (e.g. the Raft
 * log's flush time) without another metrics library. One instance per JVM, as Ratis requires. Thread-safe.
 */
public final class RatisMetricRegistries extends MetricRegistries {
    private final Map<MetricRegistryInfo, InMemoryRatisRegistry> registries = new ConcurrentHashMap<>();

    @Override
    public void clear() {
        registries.clear();
    }

    @Override
    public RatisMetricRegistry create(MetricRegistryInfo info) {
        return registries.computeIfAbsent(info, InMemoryRatisRegistry::new);
    }

    @Override
    public boolean remove(MetricRegistryInfo info) {
        return registries.remove(info) != null;
    }

    @Override
    public Optional<RatisMetricRegistry> get(MetricRegistryInfo info) {
        return Optional.ofNullable(registries.get(info));
    }

    @Override
    public Set<MetricRegistryInfo> getMetricRegistryInfos() {
        return Set.copyOf(registries.keySet());
    }

    @Override
    public Collection<RatisMetricRegistry> getMetricRegistries() {
        return List.copyOf(registries.values());
    }

    @Override
    public void addReporterRegistration(
            Consumer<RatisMetricRegistry> reporterRegistration, Consumer<RatisMetricRegistry> stopReporter) {
        // Reporting is pull-based: the datanode reads the registries it needs when /prom is scraped.
    }

    @Override
    public void enableJmxReporter() {
        // No JMX: metrics are served on /prom.
    }

    @Override
    public void enableConsoleReporter(TimeDuration consoleReportRate) {
        // No console reporting: metrics are served on /prom.
    }
}
