package dev.o3.scm.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.o3.common.config.ConfigException;
import dev.o3.common.config.DataSize;
import dev.o3.common.config.HostAndPort;
import dev.o3.common.config.OzoneConfiguration;
import dev.o3.scm.node.RatisDirs;
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

        assertThat(config.pipelineLimitFor(new RatisDirs(4, 0))).isEqualTo(12);
        assertThat(config.pipelineLimitFor(RatisDirs.NONE)).as("none reported").isEqualTo(3);
        assertThat(config.pipelineLimitFor(new RatisDirs(3, 1))).isEqualTo(9);
        assertThat(config.pipelineLimitFor(new RatisDirs(0, 4))).isZero();
    }

    @Test
    void aFailedRatisDirTakesItsShareOfAConfiguredLimit() {
        ScmConfig config = ScmConfig.from(OzoneConfiguration.of(Map.of(
                "ozone.metadata.dirs", "/meta",
                "ozone.scm.datanode.pipeline.limit", "4")));

        assertThat(config.pipelineLimitFor(new RatisDirs(2, 0))).isEqualTo(4);
        assertThat(config.pipelineLimitFor(new RatisDirs(1, 1))).isEqualTo(2);
        assertThat(config.pipelineLimitFor(new RatisDirs(1, 7)))
                .as("one dir still serves")
                .isEqualTo(1);
        assertThat(config.pipelineLimitFor(new RatisDirs(0, 2))).isZero();
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
    void replicationDefaultsMatchApacheOzone() {
        ReplicationConfig replication = ScmConfig.from(OzoneConfiguration.of(Map.of("ozone.metadata.dirs", "/meta")))
                .replication();

        assertThat(replication.interval()).isEqualTo(Duration.ofMinutes(5));
        assertThat(replication.eventTimeout()).isEqualTo(Duration.ofMinutes(12));
        assertThat(replication.datanodeDeadlineOffset()).isEqualTo(Duration.ofMinutes(6));
        assertThat(replication.datanodeReplicationLimit()).isEqualTo(20);
        assertThat(replication.datanodeDeleteLimit()).isEqualTo(40);
        assertThat(replication.inflightLimitFactor()).isEqualTo(0.75);
        assertThat(replication.sampleLimit()).isEqualTo(100);
        assertThat(replication.waitAfterSafeModeExit()).isEqualTo(Duration.ofMinutes(5));
        // ceil(10 x 20 x 0.75)
        assertThat(replication.clusterReplicationLimit(10)).isEqualTo(150);
    }

    @Test
    void replicationKeysMapToFieldsAndZeroFactorMeansNoClusterCap() {
        ReplicationConfig replication = ScmConfig.from(OzoneConfiguration.of(Map.of(
                        "ozone.metadata.dirs", "/meta",
                        "hdds.scm.replication.thread.interval", "30s",
                        "hdds.scm.replication.event.timeout", "10m",
                        "hdds.scm.replication.event.timeout.datanode.offset", "1m",
                        "hdds.scm.replication.datanode.replication.limit", "5",
                        "hdds.scm.replication.datanode.delete.container.limit", "7",
                        "hdds.scm.replication.inflight.limit.factor", "0",
                        "hdds.scm.replication.container.sample.limit", "3",
                        "hdds.scm.wait.time.after.safemode.exit", "0s")))
                .replication();

        assertThat(replication)
                .isEqualTo(new ReplicationConfig(
                        Duration.ofSeconds(30),
                        Duration.ofMinutes(10),
                        Duration.ofMinutes(1),
                        5,
                        7,
                        0,
                        3,
                        Duration.ZERO));
        assertThat(replication.clusterReplicationLimit(10)).isEqualTo(Integer.MAX_VALUE);
    }

    @Test
    void datanodeDeadlineOffsetMustBeShorterThanTheEventTimeout() {
        OzoneConfiguration conf = OzoneConfiguration.of(Map.of(
                "ozone.metadata.dirs", "/meta",
                "hdds.scm.replication.event.timeout", "5m",
                "hdds.scm.replication.event.timeout.datanode.offset", "5m"));

        assertThatThrownBy(() -> ScmConfig.from(conf))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("hdds.scm.replication.event.timeout.datanode.offset");
    }

    @Test
    void inflightFactorOutsideZeroToOneIsRejected() {
        Map<String, String> values =
                Map.of("ozone.metadata.dirs", "/meta", "hdds.scm.replication.inflight.limit.factor", "1.5");

        assertThatThrownBy(() -> ScmConfig.from(OzoneConfiguration.of(values)))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("hdds.scm.replication.inflight.limit.factor");
    }

    @Test
    void missingDirectoryNamesBothKeys() {
        assertThatThrownBy(() -> ScmConfig.from(OzoneConfiguration.of(Map.of())))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("ozone.scm.db.dirs")
                .hasMessageContaining("ozone.metadata.dirs");
    }
}
