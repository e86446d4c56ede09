package dev.o3.om.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import dev.o3.server.metrics.MetricScheme;
import org.junit.jupiter.api.Test;

class TestOmMetrics {
    @Test
    void everyMetricFollowsTheScheme() {
        OmMetrics metrics = new OmMetrics();
        metrics.exportRatis("om1");
        OperationMetrics lookups = metrics.operation("LookupKey");
        lookups.recordRequest("OK", 1_000);
        lookups.recordRequest("KEY_NOT_FOUND", 1_000);
        lookups.recordStage(Stage.READ, 500);
        metrics.recordApply(2, 1_000);
        metrics.recordRetryAnswered();
        metrics.recordFlush(2, 1_000);

        assertThat(MetricScheme.violations("om", metrics.registry().scrape())).isEmpty();
    }
}
