package dev.o3.s3gateway.metrics;

import io.prometheus.metrics.core.metrics.Counter;
import io.prometheus.metrics.core.metrics.Summary;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.util.Objects;

/**
 * Per-operation request metrics, labelled with the S3 API name: request count, errors by S3 error code, latency
 * quantiles (0.5, 0.95, 0.99 over a sliding window) and body bytes in and out. Thread-safe.
 */
public final class S3Metrics {
    private final Counter requests;
    private final Counter errors;
    private final Summary latency;
    private final Counter bytesIn;
    private final Counter bytesOut;

    public S3Metrics(PrometheusRegistry registry) {
        Objects.requireNonNull(registry, "registry is null");
        requests = Counter.builder()
                .name("o3_s3g_requests_total")
                .help("S3 requests by operation")
                .labelNames("operation")
                .register(registry);
        errors = Counter.builder()
                .name("o3_s3g_errors_total")
                .help("S3 requests answered with an error, by operation and S3 error code")
                .labelNames("operation", "code")
                .register(registry);
        latency = Summary.builder()
                .name("o3_s3g_request_latency_seconds")
                .help("S3 request latency from request head to last response byte handed to the socket")
                .labelNames("operation")
                .quantile(0.5, 0.01)
                .quantile(0.95, 0.005)
                .quantile(0.99, 0.001)
                .register(registry);
        bytesIn = Counter.builder()
                .name("o3_s3g_received_bytes_total")
                .help("Decoded request body bytes by operation")
                .labelNames("operation")
                .register(registry);
        bytesOut = Counter.builder()
                .name("o3_s3g_sent_bytes_total")
                .help("Response body bytes by operation")
                .labelNames("operation")
                .register(registry);
    }

    /**
     * Records one finished request.
     *
     * @param errorCode the S3 error code answered, or null on success
     */
    public void record(String operation, String errorCode, long nanos, long received, long sent) {
        requests.labelValues(operation).inc();
        if (errorCode != null) {
            errors.labelValues(operation, errorCode).inc();
        }
        latency.labelValues(operation).observe(nanos / 1e9);
        bytesIn.labelValues(operation).inc(received);
        bytesOut.labelValues(operation).inc(sent);
    }
}
