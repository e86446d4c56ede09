package dev.o3.datanode.replication;

import io.prometheus.metrics.core.metrics.Counter;
import io.prometheus.metrics.core.metrics.Gauge;
import io.prometheus.metrics.model.registry.PrometheusRegistry;

/**
 * Metrics of container replication, labelled by direction ({@code in}: copies this datanode pulls, {@code out}:
 * copies it serves). Registered in the datanode's registry ({@code /prom}). Thread-safe.
 */
public final class ReplicationMetrics {
    public static final String BYTES = "o3_datanode_replication_bytes";
    public static final String COPIES = "o3_datanode_replication_copies";
    public static final String FAILURES = "o3_datanode_replication_failures";
    public static final String SECONDS = "o3_datanode_replication_seconds";
    public static final String IN_FLIGHT = "o3_datanode_replication_in_flight";
    public static final String DROPPED = "o3_datanode_replication_commands_dropped";
    public static final String DELETED = "o3_datanode_replication_containers_deleted";

    /** Direction label of copies this datanode pulls. */
    public static final String IN = "in";
    /** Direction label of copies this datanode serves. */
    public static final String OUT = "out";

    private static final double NANOS_PER_SECOND = 1e9;

    private final Counter bytes;
    private final Counter copies;
    private final Counter failures;
    private final Counter seconds;
    private final Gauge inFlight;
    private final Counter dropped;
    private final Counter deleted;

    public ReplicationMetrics(PrometheusRegistry registry) {
        bytes = Counter.builder()
                .name(BYTES)
                .help("Container bytes (block files and blocks kept in the database) streamed, per direction")
                .labelNames("direction")
                .withoutExemplars()
                .register(registry);
        copies = Counter.builder()
                .name(COPIES)
                .help("Container copies completed (in: imported, out: served to the end), per direction")
                .labelNames("direction")
                .withoutExemplars()
                .register(registry);
        failures = Counter.builder()
                .name(FAILURES)
                .help("Container copies that failed (in: per source tried), per direction")
                .labelNames("direction")
                .withoutExemplars()
                .register(registry);
        seconds = Counter.builder()
                .name(SECONDS)
                .help("Time spent streaming containers, successful or not, per direction")
                .labelNames("direction")
                .withoutExemplars()
                .register(registry);
        inFlight = Gauge.builder()
                .name(IN_FLIGHT)
                .help("Container copies streaming now, per direction")
                .labelNames("direction")
                .register(registry);
        dropped = Counter.builder()
                .name(DROPPED)
                .help("Replicate and delete container commands dropped unrun because their deadline had passed")
                .withoutExemplars()
                .register(registry);
        deleted = Counter.builder()
                .name(DELETED)
                .help("Container replicas deleted on SCM's command")
                .withoutExemplars()
                .register(registry);
    }

    void started(String direction) {
        inFlight.labelValues(direction).inc();
    }

    void finished(String direction, boolean success, long nanos) {
        inFlight.labelValues(direction).dec();
        (success ? copies : failures).labelValues(direction).inc();
        seconds.labelValues(direction).inc(nanos / NANOS_PER_SECOND);
    }

    void recordBytes(String direction, long count) {
        bytes.labelValues(direction).inc(count);
    }

    void recordDropped() {
        dropped.inc();
    }

    void recordDeleted() {
        deleted.inc();
    }

    /** Copies completed in a direction ({@code in} or {@code out}). */
    public long copies(String direction) {
        return (long) copies.labelValues(direction).get();
    }

    /** Copies that failed in a direction. */
    public long failures(String direction) {
        return (long) failures.labelValues(direction).get();
    }

    /** Bytes streamed in a direction. */
    public long bytes(String direction) {
        return (long) bytes.labelValues(direction).get();
    }

    /** Copies streaming now in a direction. */
    public long inFlight(String direction) {
        return (long) inFlight.labelValues(direction).get();
    }

    /** Commands dropped past their deadline. */
    public long dropped() {
        return (long) dropped.get();
    }
}
