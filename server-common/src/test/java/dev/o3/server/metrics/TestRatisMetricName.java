package dev.o3.server.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Optional;
import org.junit.jupiter.api.Test;

class TestRatisMetricName {
    @Test
    void camelCaseBecomesSnakeCase() {
        assertThat(RatisMetricName.of("ratis_log_worker", "appendEntryLatency"))
                .isEqualTo(new RatisMetricName("append_entry_latency", Optional.empty()));
        assertThat(RatisMetricName.snakeCase("clientWatchMAJORITYRequest")).isEqualTo("client_watch_majority_request");
        assertThat(RatisMetricName.snakeCase("ratis.grpc.Service_append-OK")).isEqualTo("ratis_grpc_service_append_ok");
        assertThat(RatisMetricName.snakeCase("__")).isEqualTo("unnamed");
    }

    @Test
    void peerInTheNameBecomesALabel() {
        assertThat(RatisMetricName.of("ratis_log_appender", "follower_om2_next_index"))
                .isEqualTo(new RatisMetricName("follower_next_index", Optional.of("om2")));
        assertThat(RatisMetricName.of("ratis_server", "0f6c-11_lastHeartbeatElapsedTime"))
                .isEqualTo(new RatisMetricName("follower_last_heartbeat_elapsed_time", Optional.of("0f6c-11")));
        assertThat(RatisMetricName.of("ratis_server", "om3_peerCommitIndex"))
                .isEqualTo(new RatisMetricName("peer_commit_index", Optional.of("om3")));
        assertThat(RatisMetricName.of("ratis_grpc_log_appender", "om2_latency"))
                .isEqualTo(new RatisMetricName("follower_latency", Optional.of("om2")));
        assertThat(RatisMetricName.of(
                        "ratis_server_message_metrics",
                        "7fdf44ac-3695_ratis.grpc.RaftClientProtocolService_ordered_OK_completed_total"))
                .isEqualTo(new RatisMetricName(
                        "ratis_grpc_raft_client_protocol_service_ordered_ok_completed_total",
                        Optional.of("7fdf44ac-3695")));
    }

    @Test
    void grpcAppenderTemplatesApplyOnlyToTheirRegistry() {
        assertThat(RatisMetricName.of("ratis_server", "follower_append_entry_latency"))
                .isEqualTo(new RatisMetricName("follower_append_entry_latency", Optional.empty()));
    }
}
