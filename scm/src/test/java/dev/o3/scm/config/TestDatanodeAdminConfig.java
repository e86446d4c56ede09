package dev.o3.scm.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.o3.common.config.ConfigException;
import dev.o3.common.config.OzoneConfiguration;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TestDatanodeAdminConfig {
    @Test
    void defaultsMatchApacheOzone() {
        DatanodeAdminConfig config = DatanodeAdminConfig.from(OzoneConfiguration.of(Map.of()));

        assertThat(config.monitorInterval()).isEqualTo(Duration.ofSeconds(30));
        assertThat(config.maintenanceReplicaMinimum()).isEqualTo(2);
        assertThat(ScmConfig.from(OzoneConfiguration.of(Map.of("ozone.metadata.dirs", "/meta")))
                        .datanodeAdmin())
                .isEqualTo(config);
    }

    @Test
    void keysMapToFields() {
        DatanodeAdminConfig config = DatanodeAdminConfig.from(OzoneConfiguration.of(Map.of(
                "ozone.scm.datanode.admin.monitor.interval", "5s",
                "hdds.scm.replication.maintenance.replica.minimum", "1")));

        assertThat(config).isEqualTo(new DatanodeAdminConfig(Duration.ofSeconds(5), 1));
    }

    @Test
    void badValuesFailNamingTheKey() {
        assertThatThrownBy(() -> DatanodeAdminConfig.from(
                        OzoneConfiguration.of(Map.of("ozone.scm.datanode.admin.monitor.interval", "0s"))))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("ozone.scm.datanode.admin.monitor.interval");
        assertThatThrownBy(() -> DatanodeAdminConfig.from(
                        OzoneConfiguration.of(Map.of("hdds.scm.replication.maintenance.replica.minimum", "4"))))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("hdds.scm.replication.maintenance.replica.minimum");
    }
}
