package dev.o3.om.metrics;

import dev.o3.server.metrics.RatisMetricsCollector;
import io.prometheus.metrics.core.metrics.Counter;
import io.prometheus.metrics.core.metrics.Histogram;
import io.prometheus.metrics.model.registry.PrometheusRegistry;

/**
 * OM's metrics, exported on {@code /prom}: requests by operation and status, request latency, and its breakdown by
 * {@link Stage}; then per-transaction {@code apply} time, retries answered from the retry cache, and the double
 * buffer's RocksDB batch commits; with {@link #exportRatis}, Ratis' own metrics.
 *
 * <p>Request metrics are resolved once per operation ({@link #operation}) so a request never looks up labels; the
 * histograms are classic-only and without exemplars, which keeps an observation to a bucket search and two adds.
 * Thread-safe.
 */
public final class OmMetrics {
    private static final double[] LATENCY_BOUNDS = {
        0.0001, 0.0005, 0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10
    };
    static final double NANOS_PER_SECOND = 1e9;

    private final PrometheusRegistry registry = new PrometheusRegistry();
    private final Counter requests = Counter.builder()
            .name("o3_om_requests_total")
            .help("OM client requests by operation and result status")
            .labelNames("operation", "status")
            .withoutExemplars()
            .register(registry);
    private final Histogram latency = latencyHistogram()
            .name("o3_om_request_seconds")
            .help("OM client request latency from arrival to reply")
            .labelNames("operation")
            .register(registry);
    private final Histogram stages = latencyHistogram()
            .name("o3_om_request_stage_seconds")
            .help("Time OM client requests spend in each stage: queue, scm, ratis, read")
            .labelNames("operation", "stage")
            .register(registry);
    private final Histogram apply = latencyHistogram()
            .name("o3_om_apply_seconds")
            .help("Time to apply one log entry (one request or a group-committed batch) to the namespace cache")
            .register(registry);
    private final Counter appliedRequests = Counter.builder()
            .name("o3_om_applied_requests_total")
            .help("Client write requests applied; divided by o3_om_apply_seconds_count, the requests per log entry")
            .withoutExemplars()
            .register(registry);
    private final Counter answeredRetries = Counter.builder()
            .name("o3_om_retry_cache_hits_total")
            .help("Retried writes answered with the reply recorded at their first application, not applied again")
            .withoutExemplars()
            .register(registry);
    private final Histogram flush = latencyHistogram()
            .name("o3_om_rocksdb_flush_seconds")
            .help("Time to commit one double-buffer batch to RocksDB")
            .register(registry);
    private final Counter flushedTransactions = Counter.builder()
            .name("o3_om_rocksdb_flushed_transactions_total")
            .help("Transactions written to RocksDB by the double buffer")
            .withoutExemplars()
            .register(registry);
    private final Counter flushes = Counter.builder()
            .name("o3_om_rocksdb_flushes_total")
            .help("RocksDB batches committed by the double buffer")
            .withoutExemplars()
            .register(registry);

    private static Histogram.Builder latencyHistogram() {
        return Histogram.builder()
                .classicOnly()
                .classicUpperBounds(LATENCY_BOUNDS)
                .withoutExemplars();
    }

    public PrometheusRegistry registry() {
        return registry;
    }

    /** Exports Ratis' own metrics of this OM's Raft peer ({@code o3_om_ratis_...}) on the same registry. */
    public void exportRatis(String peerId) {
        registry.register(RatisMetricsCollector.forPeer("om", peerId));
    }

    /** The metrics of one client operation, e.g. "LookupKey"; resolve once, when the RPC is bound. */
    public OperationMetrics operation(String name) {
        return new OperationMetrics(name, requests, latency, stages);
    }

    public void recordApply(int requests, long nanos) {
        apply.observe(nanos / NANOS_PER_SECOND);
        appliedRequests.inc(requests);
    }

    /** A retried write was answered with its first reply (on every OM, as each applies the log). */
    public void recordRetryAnswered() {
        answeredRetries.inc();
    }

    public long answeredRetries() {
        return (long) answeredRetries.get();
    }

    public void recordFlush(int transactions, long nanos) {
        flush.observe(nanos / NANOS_PER_SECOND);
        flushes.inc();
        flushedTransactions.inc(transactions);
    }
}
