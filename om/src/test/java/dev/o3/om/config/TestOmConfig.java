package dev.o3.om.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.o3.common.config.ConfigException;
import dev.o3.common.config.OzoneConfiguration;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TestOmConfig {
    @Test
    void defaultsUseTheMetadataDir() {
        OmConfig config = OmConfig.from(OzoneConfiguration.of(Map.of("ozone.metadata.dirs", "/meta")));

        assertThat(config.dbDirectory()).isEqualTo(Path.of("/meta/om"));
        assertThat(config.ratisDirectory()).isEqualTo(Path.of("/meta/om-ratis"));
        assertThat(config.ratisPort()).isEqualTo(9872);
        assertThat(config.nodeId()).isEmpty();
        assertThat(config.httpAddress().port()).isEqualTo(9874);
        assertThat(config.openKeyExpireThreshold()).isEqualTo(Duration.ofDays(7));
        assertThat(config.s3Volume()).isEqualTo("s3v");
    }

    @Test
    void explicitValuesMapToFields() {
        OmConfig config = OmConfig.from(OzoneConfiguration.of(Map.of(
                "ozone.om.db.dirs", "/om-db",
                "ozone.om.ratis.storage.dir", "/om-log",
                "ozone.om.node.id", "om2",
                "ozone.om.open.key.expire.threshold", "1h")));

        assertThat(config.dbDirectory()).isEqualTo(Path.of("/om-db"));
        assertThat(config.ratisDirectory()).isEqualTo(Path.of("/om-log"));
        assertThat(config.nodeId()).contains("om2");
        assertThat(config.openKeyExpireThreshold()).isEqualTo(Duration.ofHours(1));
    }

    @Test
    void noDirectoryIsRejected() {
        assertThatThrownBy(() -> OmConfig.from(OzoneConfiguration.of(Map.of())))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("ozone.om.db.dirs");
    }
}
