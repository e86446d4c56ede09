package dev.o3.scm.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.o3.common.config.ConfigException;
import dev.o3.common.config.DataSize;
import dev.o3.common.config.HostAndPort;
import dev.o3.common.config.OzoneConfiguration;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TestScmConfig {
    @Test
    void defaultsMatchApacheOzone() {
        ScmConfig config = ScmConfig.from(OzoneConfiguration.of(Map.of("ozone.metadata.dirs", "/meta")));

        assertThat(config.datanodePipelineLimit()).isEqualTo(2);
        assertThat(config.pipelinesPerMetadataDisk()).isEqualTo(2);
        assertThat(config.clusterPipelineLimit()).isZero();
        assertThat(config.pipelineCreationInterval()).isEqualTo(Duration.ofMinutes(2));
        assertThat(config.staleNodeInterval()).isEqualTo(Duration.ofMinutes(5));
        assertThat(config.deadNodeInterval()).isEqualTo(Duration.ofMinutes(10));
        assertThat(config.safeModeMinDatanodes()).isEqualTo(1);
        assertThat(config.dbDirectory()).isEqualTo(Path.of("/meta/scm"));
        assertThat(config.httpAddress()).isEqualTo(new HostAndPort("0.0.0.0", 9876));
        assertThat(config.containerSize()).isEqualTo(DataSize.ofGibibytes(5));
        assertThat(config.blockSize()).isEqualTo(DataSize.ofMebibytes(256));
        assertThat(config.heartbeatCheckInterval()).isEqualTo(Duration.ofSeconds(3));
        assertThat(config.openContainersPerPipeline()).isEqualTo(3);
        assertThat(config.blockDeletionRetryInterval()).isEqualTo(Duration.ofSeconds(60));
        assertThat(config.pipelineAllocatedTimeout()).isEqualTo(Duration.ofMinutes(5));
        assertThat(config.pipelineCreationSettleTime()).isEqualTo(Duration.ofSeconds(2));
    }

    @Test
    void containerAndPipelineKeysMapToFields() {
        ScmConfig config = ScmConfig.from(OzoneConfiguration.of(Map.of(
                "ozone.metadata.dirs", "/meta",
                "ozone.scm.heartbeat.thread.interval", "500ms",
                "ozone.scm.pipeline.owner.container.count", "5",
                "ozone.scm.block.deletion.retry.interval", "10s",
                "ozone.scm.pipeline.allocated.timeout", "1m",
                "ozone.scm.pipeline.creation.settle-time", "500ms")));

        assertThat(config.heartbeatCheckInterval()).isEqualTo(Duration.ofMillis(500));
        assertThat(config.openContainersPerPipeline()).isEqualTo(5);
        assertThat(config.blockDeletionRetryInterval()).isEqualTo(Duration.ofSeconds(10));
        assertThat(config.pipelineAllocatedTimeout()).isEqualTo(Duration.ofMinutes(1));
        assertThat(config.pipelineCreationSettleTime()).isEqualTo(Duration.ofMillis(500));
    }

    @Test
    void explicitValuesMapToFields() {
        ScmConfig config = ScmConfig.from(OzoneConfiguration.of(Map.of(
                "ozone.scm.db.dirs", "/scm-db",
                "ozone.scm.datanode.pipeline.limit", "6",
                "ozone.scm.ratis.pipeline.limit", "100",
                "ozone.scm.stale.node.interval", "3s",
                "ozone.scm.dead.node.interval", "6s",
                "hdds.scm.safemode.min.datanode", "3")));

        assertThat(config.datanodePipelineLimit()).isEqualTo(6);
        assertThat(config.clusterPipelineLimit()).isEqualTo(100);
        assertThat(config.staleNodeInterval()).isEqualTo(Duration.ofSeconds(3));
        assertThat(config.deadNodeInterval()).isEqualTo(Duration.ofSeconds(6));
        assertThat(config.safeModeMinDatanodes()).isEqualTo(3);
        assertThat(config.dbDirectory()).isEqualTo(Path.of("/scm-db"));
    }

    @Test
    void seedArticleKeyNameIsAnAlias() {
        ScmConfig config = ScmConfig.from(
                OzoneConfiguration.of(Map.of("ozone.metadata.dirs", "/meta", "ozone.datanode.pipeline.limit", "4")));

        assertThat(config.datanodePipelineLimit()).isEqualTo(4);
    }

    @Test
    void zeroLimitIsDerivedFromRatisDirs() {
        ScmConfig config = ScmConfig.from(OzoneConfiguration.of(Map.of(
                "ozone.metadata.dirs", "/meta",
                "ozone.scm.datanode.pipeline.limit", "0",
                "ozone.scm.pipeline.per.metadata.disk", "3")));

        assertThat(config.pipelineLimitFor(4)).isEqualTo(12);
        assertThat(config.pipelineLimitFor(0)).isEqualTo(3);
    }

    @Test
    void deadIntervalMustExceedStaleInterval() {
        OzoneConfiguration conf = OzoneConfiguration.of(Map.of(
                "ozone.metadata.dirs", "/meta",
                "ozone.scm.stale.node.interval", "10m",
                "ozone.scm.dead.node.interval", "5m"));

        assertThatThrownBy(() -> ScmConfig.from(conf))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("ozone.scm.dead.node.interval");
    }

    @Test
    void missingDirectoryNamesBothKeys() {
        assertThatThrownBy(() -> ScmConfig.from(OzoneConfiguration.of(Map.of())))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("ozone.scm.db.dirs")
                .hasMessageContaining("ozone.metadata.dirs");
    }
}
