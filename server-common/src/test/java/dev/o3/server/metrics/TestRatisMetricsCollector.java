package dev.o3.server.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import dev.o3.common.ratis.RatisMetricRegistries;
import io.prometheus.metrics.expositionformats.PrometheusTextFormatWriter;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.apache.ratis.metrics.MetricRegistryInfo;
import org.apache.ratis.metrics.RatisMetricRegistry;
import org.junit.jupiter.api.Test;

class TestRatisMetricsCollector {
    private final RatisMetricRegistries ratis = new RatisMetricRegistries();
    private final PrometheusRegistry registry = new PrometheusRegistry();

    @Test
    void exportsTimersCountersAndGaugesOfItsPeerOnly() throws IOException {
        RatisMetricRegistry log = ratis.create(info("om1@group-AB", "log_worker"));
        log.timer("syncTime").time().stop();
        log.counter("flushCount").inc(3);
        log.gauge("dataQueueSize", () -> () -> 7);
        log.gauge("state", () -> () -> "not a number");
        ratis.create(info("om2@group-AB", "log_worker")).counter("flushCount").inc(5);
        RatisMetricRegistry server = ratis.create(info("om1", "server"));
        server.counter("om2_peerCommitIndex").inc(9);
        registry.register(new RatisMetricsCollector(
                "om", info -> RatisMetricsCollector.ownedBy(info.getPrefix(), "om1"), ratis::getMetricRegistries));

        assertThat(scrape())
                .contains("o3_om_ratis_log_worker_sync_time_seconds_count{member=\"om1@group-AB\"} 1")
                .contains("o3_om_ratis_log_worker_flush_count_total{member=\"om1@group-AB\"} 3.0")
                .contains("o3_om_ratis_log_worker_data_queue_size{member=\"om1@group-AB\"} 7.0")
                .contains("o3_om_ratis_server_peer_commit_index_total{member=\"om1\",peer=\"om2\"} 9.0")
                .doesNotContain("om2@group-AB")
                .doesNotContain("_state");
        assertThat(MetricScheme.violations("om", registry.scrape())).isEmpty();
    }

    @Test
    void membersOfOnePeerShareAFamily() throws IOException {
        ratis.create(info("dn1@group-A", "log_worker")).counter("flushCount").inc(1);
        ratis.create(info("dn1@group-B", "log_worker")).counter("flushCount").inc(2);
        registry.register(new RatisMetricsCollector(
                "datanode",
                info -> RatisMetricsCollector.ownedBy(info.getPrefix(), "dn1"),
                ratis::getMetricRegistries));

        assertThat(scrape())
                .containsOnlyOnce("# TYPE o3_datanode_ratis_log_worker_flush_count_total counter")
                .contains("flush_count_total{member=\"dn1@group-A\"} 1.0")
                .contains("flush_count_total{member=\"dn1@group-B\"} 2.0");
    }

    @Test
    void ownershipIsByPeerIdNotItsPrefix() {
        assertThat(RatisMetricsCollector.ownedBy("om1", "om1")).isTrue();
        assertThat(RatisMetricsCollector.ownedBy("om1@group-AB", "om1")).isTrue();
        assertThat(RatisMetricsCollector.ownedBy("om10@group-AB", "om1")).isFalse();
    }

    private static MetricRegistryInfo info(String prefix, String component) {
        return new MetricRegistryInfo(prefix, "ratis", component, "test metrics");
    }

    private String scrape() throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        PrometheusTextFormatWriter.create().write(out, registry.scrape());
        return out.toString(StandardCharsets.UTF_8);
    }
}
