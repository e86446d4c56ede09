package dev.o3.om.metrics;

import io.prometheus.metrics.core.metrics.Counter;
import io.prometheus.metrics.core.metrics.Histogram;
import io.prometheus.metrics.model.registry.PrometheusRegistry;

/**
 * OM's metrics, exported on {@code /prom}: requests by operation and status, request latency, and its breakdown by
 * stage: {@code queue} (waiting for a handler thread), {@code scm} (block allocation before the log write),
 * {@code ratis} (replication and apply until the reply), {@code read} (read index wait plus the read itself); then
 * per-transaction {@code apply} time and the double buffer's RocksDB batch commits. Thread-safe.
 */
public final class OmMetrics {
    private static final double[] LATENCY_BOUNDS = {
        0.0001, 0.0005, 0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10
    };
    private static final double NANOS_PER_SECOND = 1e9;

    private final PrometheusRegistry registry = new PrometheusRegistry();
    private final Counter requests = Counter.builder()
            .name("o3_om_requests_total")
            .help("OM client requests by operation and result status")
            .labelNames("operation", "status")
            .register(registry);
    private final Histogram latency = Histogram.builder()
            .name("o3_om_request_seconds")
            .help("OM client request latency from arrival to reply")
            .labelNames("operation")
            .classicUpperBounds(LATENCY_BOUNDS)
            .register(registry);
    private final Histogram stages = Histogram.builder()
            .name("o3_om_request_stage_seconds")
            .help("Time OM client requests spend in each stage: queue, scm, ratis, read")
            .labelNames("operation", "stage")
            .classicUpperBounds(LATENCY_BOUNDS)
            .register(registry);
    private final Histogram apply = Histogram.builder()
            .name("o3_om_apply_seconds")
            .help("Time to apply one transaction to the namespace cache (state machine)")
            .classicUpperBounds(LATENCY_BOUNDS)
            .register(registry);
    private final Histogram flush = Histogram.builder()
            .name("o3_om_rocksdb_flush_seconds")
            .help("Time to commit one double-buffer batch to RocksDB")
            .classicUpperBounds(LATENCY_BOUNDS)
            .register(registry);
    private final Counter flushedTransactions = Counter.builder()
            .name("o3_om_rocksdb_flushed_transactions_total")
            .help("Transactions written to RocksDB by the double buffer")
            .register(registry);
    private final Counter flushes = Counter.builder()
            .name("o3_om_rocksdb_flushes_total")
            .help("RocksDB batches committed by the double buffer")
            .register(registry);

    public PrometheusRegistry registry() {
        return registry;
    }

    public void recordRequest(String operation, String status, long nanos) {
        requests.labelValues(operation, status).inc();
        latency.labelValues(operation).observe(nanos / NANOS_PER_SECOND);
    }

    public void recordStage(String operation, String stage, long nanos) {
        stages.labelValues(operation, stage).observe(nanos / NANOS_PER_SECOND);
    }

    public void recordApply(long nanos) {
        apply.observe(nanos / NANOS_PER_SECOND);
    }

    public void recordFlush(int transactions, long nanos) {
        flush.observe(nanos / NANOS_PER_SECOND);
        flushes.inc();
        flushedTransactions.inc(transactions);
    }
}
