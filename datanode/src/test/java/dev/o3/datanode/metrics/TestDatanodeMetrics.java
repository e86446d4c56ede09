package dev.o3.datanode.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import dev.o3.server.metrics.MetricScheme;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TestDatanodeMetrics {
    @Test
    void everyMetricFollowsTheScheme() {
        DatanodeMetrics metrics = new DatanodeMetrics();
        metrics.registerGauges(
                () -> Map.of("/ratis", 1), () -> Map.of("/ratis", new TimerTotals(1, 1_000)), () -> Map.of("OPEN", 1L));
        metrics.exportRatis("dn1");
        metrics.recordVolumeWrite("/data", 10, 1_000);
        metrics.recordDirectWrite("/data", 10);
        metrics.recordVolumeRead("/data", 10, 1_000);
        metrics.recordLogEntry("/ratis", 10, 1_000);
        metrics.recordDataRead("/ratis", 10);
        metrics.recordDataSync("/ratis", 1_000);
        metrics.recordChecksumFailure("/data");
        metrics.recordReadRequest("GET_BLOCK");
        metrics.recordShortCircuitGrant();

        assertThat(MetricScheme.violations("datanode", metrics.registry().scrape()))
                .isEmpty();
    }
}
