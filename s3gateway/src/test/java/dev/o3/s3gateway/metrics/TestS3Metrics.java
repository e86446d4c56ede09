package dev.o3.s3gateway.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import dev.o3.server.metrics.MetricScheme;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import org.junit.jupiter.api.Test;

class TestS3Metrics {
    @Test
    void everyMetricFollowsTheScheme() {
        PrometheusRegistry registry = new PrometheusRegistry();
        S3Metrics metrics = new S3Metrics(registry);
        metrics.record("PutObject", null, 1_000, 10, 0);
        metrics.record("GetObject", "NoSuchKey", 1_000, 0, 10);

        assertThat(MetricScheme.violations("s3g", registry.scrape())).isEmpty();
    }
}
