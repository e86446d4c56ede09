package dev.o3.server.metrics;

import dev.o3.common.ratis.InMemoryRatisRegistry;
import io.prometheus.metrics.model.registry.MultiCollector;
import io.prometheus.metrics.model.snapshots.CounterSnapshot;
import io.prometheus.metrics.model.snapshots.CounterSnapshot.CounterDataPointSnapshot;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot.GaugeDataPointSnapshot;
import io.prometheus.metrics.model.snapshots.Labels;
import io.prometheus.metrics.model.snapshots.MetricSnapshot;
import io.prometheus.metrics.model.snapshots.MetricSnapshots;
import io.prometheus.metrics.model.snapshots.SummarySnapshot;
import io.prometheus.metrics.model.snapshots.SummarySnapshot.SummaryDataPointSnapshot;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Predicate;
import java.util.function.Supplier;
import org.apache.ratis.metrics.MetricRegistries;
import org.apache.ratis.metrics.MetricRegistryInfo;
import org.apache.ratis.metrics.RatisMetricRegistry;

/**
 * Exports Ratis' own metrics (Raft log, leader election, server, state machine, gRPC log appender) of one Raft peer on
 * the daemon's Prometheus registry, read from {@link dev.o3.common.ratis.RatisMetricRegistries} at scrape time. A
 * Ratis metric {@code syncTime} of registry {@code ratis}/{@code log_worker} becomes
 * {@code o3_<component>_ratis_log_worker_sync_time_seconds}, labelled with the registry's {@code member} (e.g.
 * {@code om1@group-...}) and, where Ratis writes one into the name, the {@code peer}. Timers are summaries (count and
 * total seconds), counters counters, numeric gauges gauges. Thread-safe.
 */
public final class RatisMetricsCollector implements MultiCollector {
    private static final double NANOS_PER_SECOND = 1e9;

    private final String prefix;
    private final Predicate<MetricRegistryInfo> owned;
    private final Supplier<Collection<RatisMetricRegistry>> registries;

    RatisMetricsCollector(
            String component,
            Predicate<MetricRegistryInfo> owned,
            Supplier<Collection<RatisMetricRegistry>> registries) {
        this.prefix = MetricScheme.prefix(component);
        this.owned = Objects.requireNonNull(owned, "owned is null");
        this.registries = Objects.requireNonNull(registries, "registries is null");
    }

    /**
     * The Ratis metrics of one Raft peer of this process: several daemons may share a JVM (the embedded cluster), each
     * exports only its own peer's registries.
     *
     * @param component the daemon, one of {@link MetricScheme#COMPONENTS}
     * @param peerId the daemon's Raft peer id
     */
    public static RatisMetricsCollector forPeer(String component, String peerId) {
        Objects.requireNonNull(peerId, "peerId is null");
        return new RatisMetricsCollector(
                component, info -> ownedBy(info.getPrefix(), peerId), () -> MetricRegistries.global()
                        .getMetricRegistries());
    }

    /** Ratis names a registry by its member ({@code peer@group-...}) or, for a whole server, by the peer alone. */
    static boolean ownedBy(String registryPrefix, String peerId) {
        return registryPrefix.equals(peerId) || registryPrefix.startsWith(peerId + "@");
    }

    @Override
    public MetricSnapshots collect() {
        Families families = new Families();
        for (RatisMetricRegistry registry : registries.get()) {
            MetricRegistryInfo info = registry.getMetricRegistryInfo();
            if (registry instanceof InMemoryRatisRegistry memory && owned.test(info)) {
                collect(memory, info, families);
            }
        }
        return families.snapshots();
    }

    private void collect(InMemoryRatisRegistry registry, MetricRegistryInfo info, Families families) {
        String group = RatisMetricName.snakeCase(info.getApplicationName()) + "_"
                + RatisMetricName.snakeCase(info.getMetricsComponentName());
        String help = "Ratis " + info.getApplicationName() + " " + info.getMetricsComponentName() + " metric ";
        Labels member = Labels.of("member", info.getPrefix());
        registry.timers().forEach((ratisName, timer) -> {
            RatisMetricName name = RatisMetricName.of(group, ratisName);
            families.add(
                    prefix + group + "_" + name.name() + "_seconds",
                    Kind.SUMMARY,
                    help + ratisName,
                    new Sample(labels(member, name), timer.count(), timer.totalNanos() / NANOS_PER_SECOND));
        });
        registry.counters().forEach((ratisName, value) -> {
            // Ratis (3.3) only increments its counters; a decremented one could not be a Prometheus counter.
            if (value >= 0) {
                RatisMetricName name = RatisMetricName.of(group, ratisName);
                families.add(
                        prefix + group + "_" + withoutTotal(name.name()),
                        Kind.COUNTER,
                        help + ratisName,
                        new Sample(labels(member, name), 0, value));
            }
        });
        registry.gauges().forEach((ratisName, gauge) -> {
            if (gauge.get() instanceof Number value) {
                RatisMetricName name = RatisMetricName.of(group, ratisName);
                families.add(
                        prefix + group + "_" + name.name(),
                        Kind.GAUGE,
                        help + ratisName,
                        new Sample(labels(member, name), 0, value.doubleValue()));
            }
        });
    }

    private static Labels labels(Labels member, RatisMetricName name) {
        return name.peer().map(peer -> member.add("peer", peer)).orElse(member);
    }

    /** Prometheus appends {@code _total} to a counter's name itself. */
    private static String withoutTotal(String name) {
        return name.endsWith("_total") ? name.substring(0, name.length() - "_total".length()) : name;
    }

    private enum Kind {
        SUMMARY,
        COUNTER,
        GAUGE
    }

    /** One data point: a summary's count and sum (seconds), or a counter's or gauge's value. */
    private record Sample(Labels labels, long count, double value) {}

    /**
     * The families of one scrape by name. A name keeps the kind it was first seen with and a label set its first
     * sample: Ratis reuses no name across kinds, nor a label set within a member.
     */
    private static final class Families {
        private final Map<String, Family> byName = new LinkedHashMap<>();

        void add(String name, Kind kind, String help, Sample sample) {
            Family family = byName.computeIfAbsent(name, key -> new Family(kind, help));
            if (family.kind == kind) {
                family.samples.putIfAbsent(sample.labels(), sample);
            }
        }

        MetricSnapshots snapshots() {
            List<MetricSnapshot> snapshots = new ArrayList<>();
            byName.forEach((name, family) -> snapshots.add(family.snapshot(name)));
            return new MetricSnapshots(snapshots);
        }
    }

    private static final class Family {
        private final Kind kind;
        private final String help;
        private final Map<Labels, Sample> samples = new LinkedHashMap<>();

        Family(Kind kind, String help) {
            this.kind = kind;
            this.help = help;
        }

        MetricSnapshot snapshot(String name) {
            Collection<Sample> points = samples.values();
            return switch (kind) {
                case SUMMARY -> {
                    SummarySnapshot.Builder builder =
                            SummarySnapshot.builder().name(name).help(help);
                    points.forEach(point -> builder.dataPoint(SummaryDataPointSnapshot.builder()
                            .count(point.count())
                            .sum(point.value())
                            .labels(point.labels())
                            .build()));
                    yield builder.build();
                }
                case COUNTER -> {
                    CounterSnapshot.Builder builder =
                            CounterSnapshot.builder().name(name).help(help);
                    points.forEach(point -> builder.dataPoint(CounterDataPointSnapshot.builder()
                            .value(point.value())
                            .labels(point.labels())
                            .build()));
                    yield builder.build();
                }
                case GAUGE -> {
                    GaugeSnapshot.Builder builder =
                            GaugeSnapshot.builder().name(name).help(help);
                    points.forEach(point -> builder.dataPoint(GaugeDataPointSnapshot.builder()
                            .value(point.value())
                            .labels(point.labels())
                            .build()));
                    yield builder.build();
                }
            };
        }
    }
}
