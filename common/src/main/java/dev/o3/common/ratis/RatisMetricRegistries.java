package dev.o3.common.ratis;

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
 * The one Ratis metrics backend of every O3 process, found by Ratis through {@link java.util.ServiceLoader}:
 * lightweight in-memory counters, timers and gauges ({@link InMemoryRatisRegistry}) instead of Ratis' Dropwizard-based
 * default. It lives beside the Ratis client because the client also creates Ratis metrics (gRPC message counters);
 * servers export the registries on {@code /prom}. One instance per JVM, as Ratis requires. Thread-safe.
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
        // Reporting is pull-based: servers read the registries when /prom is scraped.
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
