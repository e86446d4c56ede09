package dev.o3.datanode.config;

import static org.assertj.core.api.Assertions.assertThat;

import dev.o3.common.config.DataSize;
import dev.o3.common.config.OzoneConfiguration;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TestContainerConfig {
    @Test
    void defaultsFollowOzoneButSyncChunkData() {
        ContainerConfig config = ContainerConfig.from(OzoneConfiguration.of(Map.of()));

        assertThat(config.containerSize()).isEqualTo(DataSize.ofGibibytes(5));
        assertThat(config.chunkWriteSync())
                .as("acknowledged data survives a power loss")
                .isTrue();
        assertThat(config.chunkWriteDirect()).isTrue();
        assertThat(config.readThreads()).isEqualTo(10);
        assertThat(config.scannerEnabled()).isTrue();
        assertThat(config.scanInterval()).isEqualTo(Duration.ofDays(7));
        assertThat(config.scanBandwidth()).isEqualTo(DataSize.ofMebibytes(5));
        assertThat(config.diskCheckInterval()).isEqualTo(Duration.ofMinutes(60));
    }

    @Test
    void keysMapToFields() {
        ContainerConfig config = ContainerConfig.from(OzoneConfiguration.of(Map.of(
                "ozone.scm.container.size", "1GB",
                "hdds.container.chunk.write.sync", "false",
                "hdds.container.chunk.write.direct", "false",
                "hdds.datanode.read.threadpool", "3",
                "hdds.datanode.read.short-circuit", "false",
                "hdds.container.scrub.enabled", "false",
                "hdds.container.scrub.data.scan.interval", "1h",
                "hdds.container.scrub.volume.bytes.per.second", "1MB",
                "hdds.datanode.periodic.disk.check.interval", "5m")));

        assertThat(config)
                .isEqualTo(new ContainerConfig(
                        DataSize.ofGibibytes(1),
                        false,
                        false,
                        3,
                        false,
                        false,
                        Duration.ofHours(1),
                        DataSize.ofMebibytes(1),
                        Duration.ofMinutes(5)));
    }
}
