package dev.o3.server.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.prometheus.metrics.core.metrics.Counter;
import io.prometheus.metrics.core.metrics.Gauge;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import org.junit.jupiter.api.Test;

class TestMetricScheme {
    @Test
    void metricsOfTheSchemePass() {
        PrometheusRegistry registry = new PrometheusRegistry();
        Counter.builder().name("o3_om_requests_total").help("requests").register(registry);
        Gauge.builder().name("o3_om_open_files").help("open files").register(registry);

        assertThat(MetricScheme.violations("om", registry.scrape())).isEmpty();
    }

    @Test
    void namesEachBrokenRule() {
        PrometheusRegistry registry = new PrometheusRegistry();
        Counter.builder().name("dn_volume_write_bytes").help("bytes").register(registry);
        Counter.builder().name("o3_datanode_readRequests").help("reads").register(registry);
        Gauge.builder().name("o3_datanode_containers").register(registry);

        assertThat(MetricScheme.violations("datanode", registry.scrape()))
                .containsExactlyInAnyOrder(
                        "dn_volume_write_bytes: does not start with o3_datanode_",
                        "o3_datanode_readRequests: not snake_case",
                        "o3_datanode_containers: no help text");
    }

    @Test
    void prefixNamesTheComponent() {
        assertThat(MetricScheme.prefix("s3g")).isEqualTo("o3_s3g_");
        assertThatThrownBy(() -> MetricScheme.prefix("dn"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'dn'");
    }
}
