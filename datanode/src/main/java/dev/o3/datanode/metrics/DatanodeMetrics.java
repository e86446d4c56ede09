package dev.o3.datanode.metrics;

import dev.o3.server.metrics.RatisMetricsCollector;
import io.prometheus.metrics.core.metrics.Counter;
import io.prometheus.metrics.core.metrics.GaugeWithCallback;
import io.prometheus.metrics.core.metrics.Histogram;
import io.prometheus.metrics.core.metrics.SummaryWithCallback;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import io.prometheus.metrics.model.snapshots.Quantiles;
import io.prometheus.metrics.model.snapshots.Unit;
import java.util.Map;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * The datanode's Prometheus metrics (served on {@code /prom}): bytes and latency per data volume and per Ratis dir,
 * Raft log sync latency, groups per Ratis dir, containers per state and read service requests per command; with
 * {@link #exportRatis}, Ratis' own metrics. Thread-safe.
 */
public final class DatanodeMetrics {
    public static final String VOLUME_WRITE_BYTES = "o3_datanode_volume_write_bytes";
    public static final String VOLUME_DIRECT_WRITE_BYTES = "o3_datanode_volume_direct_write_bytes";
    public static final String VOLUME_READ_BYTES = "o3_datanode_volume_read_bytes";
    public static final String VOLUME_WRITE_LATENCY = "o3_datanode_volume_write_latency_seconds";
    public static final String VOLUME_READ_LATENCY = "o3_datanode_volume_read_latency_seconds";
    public static final String RATIS_DIR_WRITE_BYTES = "o3_datanode_ratis_dir_write_bytes";
    public static final String RATIS_DIR_READ_BYTES = "o3_datanode_ratis_dir_read_bytes";
    public static final String RATIS_DIR_BATCHED_BLOCKS = "o3_datanode_ratis_dir_batched_blocks";
    public static final String RATIS_DIR_APPLY_LATENCY = "o3_datanode_ratis_dir_apply_latency_seconds";
    public static final String RATIS_DATA_SYNC_LATENCY = "o3_datanode_ratis_data_sync_latency_seconds";
    public static final String RATIS_LOG_SYNC = "o3_datanode_ratis_log_sync_seconds";
    public static final String RATIS_DIR_GROUPS = "o3_datanode_ratis_dir_groups";
    public static final String CONTAINERS = "o3_datanode_containers";
    public static final String CHECKSUM_FAILURES = "o3_datanode_checksum_failures";
    public static final String READ_REQUESTS = "o3_datanode_read_requests";
    public static final String SHORT_CIRCUIT_GRANTS = "o3_datanode_read_short_circuit_grants";

    private static final double NANOS_PER_SECOND = 1e9;

    private final PrometheusRegistry registry = new PrometheusRegistry();
    private final Counter volumeWriteBytes =
            counter(VOLUME_WRITE_BYTES, "Chunk bytes written per data volume", "volume");
    private final Counter volumeDirectWriteBytes = counter(
            VOLUME_DIRECT_WRITE_BYTES, "Chunk bytes written past the page cache (O_DIRECT) per data volume", "volume");
    private final Counter volumeReadBytes = counter(VOLUME_READ_BYTES, "Chunk bytes read per data volume", "volume");
    private final Histogram volumeWriteLatency =
            histogram(VOLUME_WRITE_LATENCY, "Latency of chunk writes per data volume", "volume");
    private final Histogram volumeReadLatency =
            histogram(VOLUME_READ_LATENCY, "Latency of chunk reads per data volume", "volume");
    private final Counter ratisDirWriteBytes =
            counter(RATIS_DIR_WRITE_BYTES, "Raft log entry bytes (metadata only) appended per Ratis dir", "dir");
    private final Counter ratisDirReadBytes = counter(
            RATIS_DIR_READ_BYTES,
            "Chunk bytes a leader re-read to replicate log entries to followers, per Ratis dir",
            "dir");
    private final Counter ratisDirBatchedBlocks = Counter.builder()
            .name(RATIS_DIR_BATCHED_BLOCKS)
            .help("Small blocks applied from write batches (several keys in one Raft log entry), per Ratis dir")
            .labelNames("dir")
            .withoutExemplars()
            .register(registry);
    private final Histogram ratisDirApplyLatency =
            histogram(RATIS_DIR_APPLY_LATENCY, "Latency of applying a container command per Ratis dir", "dir");
    private final Histogram dataSyncLatency = histogram(
            RATIS_DATA_SYNC_LATENCY,
            "Time a Raft log flush waits for the chunk data (state-machine data) of its entries, per Ratis dir",
            "dir");
    private final Counter checksumFailures = Counter.builder()
            .name(CHECKSUM_FAILURES)
            .help("Chunks whose data did not match their checksum")
            .labelNames("volume")
            .register(registry);
    private final Counter readRequests = Counter.builder()
            .name(READ_REQUESTS)
            .help("Requests the read service answered, per command (GET_BLOCK, READ_CHUNK, LIST_BLOCK)")
            .labelNames("command")
            .withoutExemplars()
            .register(registry);
    private final Counter shortCircuitGrants = Counter.builder()
            .name(SHORT_CIRCUIT_GRANTS)
            .help("GetBlocks answered with the block file's path, for a client on this host to read it itself")
            .withoutExemplars()
            .register(registry);

    public PrometheusRegistry registry() {
        return registry;
    }

    /** Exports Ratis' own metrics of this datanode's Raft peer ({@code o3_datanode_ratis_...}) on the same registry. */
    public void exportRatis(String peerId) {
        registry.register(RatisMetricsCollector.forPeer("datanode", peerId));
    }

    public void recordVolumeWrite(String volume, long bytes, long nanos) {
        volumeWriteBytes.labelValues(volume).inc(bytes);
        volumeWriteLatency.labelValues(volume).observe(nanos / NANOS_PER_SECOND);
    }

    public void recordDirectWrite(String volume, long bytes) {
        volumeDirectWriteBytes.labelValues(volume).inc(bytes);
    }

    public void recordVolumeRead(String volume, long bytes, long nanos) {
        volumeReadBytes.labelValues(volume).inc(bytes);
        volumeReadLatency.labelValues(volume).observe(nanos / NANOS_PER_SECOND);
    }

    public void recordLogEntry(String ratisDir, long bytes, long applyNanos) {
        ratisDirWriteBytes.labelValues(ratisDir).inc(bytes);
        ratisDirApplyLatency.labelValues(ratisDir).observe(applyNanos / NANOS_PER_SECOND);
    }

    public void recordWriteBatch(String ratisDir, int blocks) {
        ratisDirBatchedBlocks.labelValues(ratisDir).inc(blocks);
    }

    public void recordDataRead(String ratisDir, long bytes) {
        ratisDirReadBytes.labelValues(ratisDir).inc(bytes);
    }

    public void recordDataSync(String ratisDir, long nanos) {
        dataSyncLatency.labelValues(ratisDir).observe(nanos / NANOS_PER_SECOND);
    }

    public void recordChecksumFailure(String volume) {
        checksumFailures.labelValues(volume).inc();
    }

    public void recordReadRequest(String command) {
        readRequests.labelValues(command).inc();
    }

    public void recordShortCircuitGrant() {
        shortCircuitGrants.inc();
    }

    /**
     * Registers the metrics read at scrape time: groups per Ratis dir, Raft log fsyncs per Ratis dir (Ratis' own
     * timer) and containers per state.
     */
    public void registerGauges(
            Supplier<Map<String, Integer>> groupsPerDir,
            Supplier<Map<String, TimerTotals>> logSyncPerDir,
            Supplier<Map<String, Long>> containers) {
        Objects.requireNonNull(groupsPerDir, "groupsPerDir is null");
        Objects.requireNonNull(logSyncPerDir, "logSyncPerDir is null");
        Objects.requireNonNull(containers, "containers is null");
        SummaryWithCallback.builder()
                .name(RATIS_LOG_SYNC)
                .help("Raft log fsyncs (count) and their total time per Ratis dir")
                .labelNames("dir")
                .callback(callback -> logSyncPerDir
                        .get()
                        .forEach((dir, totals) -> callback.call(
                                totals.count(), totals.totalNanos() / NANOS_PER_SECOND, Quantiles.EMPTY, dir)))
                .register(registry);
        GaugeWithCallback.builder()
                .name(RATIS_DIR_GROUPS)
                .help("Raft groups whose log lives on each Ratis dir")
                .labelNames("dir")
                .callback(callback -> groupsPerDir.get().forEach((dir, count) -> callback.call(count, dir)))
                .register(registry);
        GaugeWithCallback.builder()
                .name(CONTAINERS)
                .help("Container replicas per state")
                .labelNames("state")
                .callback(callback -> containers.get().forEach((state, count) -> callback.call(count, state)))
                .register(registry);
    }

    private Counter counter(String name, String help, String label) {
        return Counter.builder()
                .name(name)
                .help(help)
                .unit(Unit.BYTES)
                .labelNames(label)
                .register(registry);
    }

    private Histogram histogram(String name, String help, String label) {
        return Histogram.builder()
                .name(name)
                .help(help)
                .classicOnly()
                .labelNames(label)
                .register(registry);
    }
}
