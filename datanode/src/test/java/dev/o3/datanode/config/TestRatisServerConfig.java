package dev.o3.datanode.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.o3.common.config.ConfigException;
import dev.o3.common.config.DataSize;
import dev.o3.common.config.OzoneConfiguration;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TestRatisServerConfig {
    @Test
    void defaultsFollowOzone() {
        RatisServerConfig config = RatisServerConfig.from(OzoneConfiguration.of(Map.of()));

        assertThat(config.electionTimeout()).isEqualTo(Duration.ofSeconds(5));
        assertThat(config.requestTimeout()).isEqualTo(Duration.ofSeconds(60));
        assertThat(config.segmentSize()).isEqualTo(DataSize.ofMebibytes(16));
        assertThat(config.purgeGap()).isEqualTo(1_000_000);
        assertThat(config.snapshotThreshold()).isEqualTo(100_000);
        assertThat(config.dataSyncTimeout()).isEqualTo(Duration.ofSeconds(10));
        assertThat(config.writeChunkThreads()).isEqualTo(10);
        assertThat(config.inlineDataMax()).isEqualTo(DataSize.ofKibibytes(64));
    }

    @Test
    void keysMapToFields() {
        RatisServerConfig config = RatisServerConfig.from(OzoneConfiguration.of(Map.of(
                "hdds.ratis.leader.election.minimum.timeout.duration", "300ms",
                "hdds.ratis.raft.server.rpc.request.timeout", "3s",
                "hdds.container.ratis.segment.size", "4MB",
                "hdds.container.ratis.log.purge.gap", "100",
                "hdds.ratis.snapshot.threshold", "50",
                "hdds.container.ratis.statemachinedata.sync.timeout", "2s",
                "hdds.container.ratis.num.write.chunk.threads.per.volume", "2",
                "hdds.container.ratis.log.inline.data.max", "0B")));

        assertThat(config)
                .isEqualTo(new RatisServerConfig(
                        Duration.ofMillis(300),
                        Duration.ofSeconds(3),
                        DataSize.ofMebibytes(4),
                        100,
                        50,
                        Duration.ofSeconds(2),
                        2,
                        DataSize.ofBytes(0)));
    }

    @Test
    void inlineDataMustFitSegmentsManyTimesOver() {
        OzoneConfiguration conf = OzoneConfiguration.of(Map.of(
                "hdds.container.ratis.segment.size", "1MB", "hdds.container.ratis.log.inline.data.max", "128KB"));

        assertThatThrownBy(() -> RatisServerConfig.from(conf))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("hdds.container.ratis.log.inline.data.max");
    }

    @Test
    void tinySegmentsAreRejected() {
        OzoneConfiguration conf = OzoneConfiguration.of(Map.of("hdds.container.ratis.segment.size", "64KB"));

        assertThatThrownBy(() -> RatisServerConfig.from(conf))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("hdds.container.ratis.segment.size");
    }
}
