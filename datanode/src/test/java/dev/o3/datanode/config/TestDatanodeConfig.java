package dev.o3.datanode.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.o3.common.config.ConfigException;
import dev.o3.common.config.DataSize;
import dev.o3.common.config.OzoneConfiguration;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TestDatanodeConfig {
    @Test
    void defaultsUseTheMetadataDirAndOzonePorts() {
        DatanodeConfig config = DatanodeConfig.from(OzoneConfiguration.of(Map.of("ozone.metadata.dirs", "/meta")));

        assertThat(config.dataDirs()).containsExactly(Path.of("/meta/data"));
        assertThat(config.ratisDirs()).containsExactly(Path.of("/meta/ratis"));
        assertThat(config.cacheDir()).isEmpty();
        assertThat(config.cacheSize()).isEqualTo(DataSize.ofBytes(0));
        assertThat(config.cachePageSize()).isEqualTo(DataSize.ofMebibytes(1));
        assertThat(config.hostname()).isEmpty();
        assertThat(config.ratisPort()).isEqualTo(9858);
        assertThat(config.standalonePort()).isEqualTo(9859);
        assertThat(config.replicationPort()).isEqualTo(9886);
        assertThat(config.httpAddress().port()).isEqualTo(9882);
        assertThat(config.heartbeatInterval()).isEqualTo(Duration.ofSeconds(30));
    }

    @Test
    void severalDisksAreListedInOrder() {
        DatanodeConfig config = DatanodeConfig.from(OzoneConfiguration.of(Map.of(
                "hdds.datanode.dir", "/d1,/d2,/d3",
                "dfs.container.ratis.datanode.storage.dir", "/r1, /r2",
                "hdds.datanode.cache.dir", "/ssd",
                "hdds.datanode.cache.size", "10GB")));

        assertThat(config.dataDirs()).containsExactly(Path.of("/d1"), Path.of("/d2"), Path.of("/d3"));
        assertThat(config.ratisDirs()).containsExactly(Path.of("/r1"), Path.of("/r2"));
        assertThat(config.cacheDir()).contains(Path.of("/ssd"));
        assertThat(config.cacheSize()).isEqualTo(DataSize.ofGibibytes(10));
    }

    @Test
    void cacheSizeWithoutCacheDirIsRejected() {
        OzoneConfiguration conf =
                OzoneConfiguration.of(Map.of("ozone.metadata.dirs", "/meta", "hdds.datanode.cache.size", "1GB"));

        assertThatThrownBy(() -> DatanodeConfig.from(conf))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("hdds.datanode.cache.dir");
    }

    @Test
    void noDirectoriesAtAllIsRejected() {
        assertThatThrownBy(() -> DatanodeConfig.from(OzoneConfiguration.of(Map.of())))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("hdds.datanode.dir");
    }
}
