package dev.o3.dist;

import static org.assertj.core.api.Assertions.assertThat;

import dev.o3.client.cli.ConfigOptions;
import dev.o3.common.config.CommonConfigKeys;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** The client configuration {@code ozone local} leaves in the conf dir while it runs, and who reads it. */
class TestLocalClusterFile {
    private static final String THREE_OMS = "127.0.0.1:9862,127.0.0.2:9862,127.0.0.3:9862";

    @TempDir
    Path conf;

    private String previousConfDir;

    @BeforeEach
    void pointTheLauncherAtTheConfDir() {
        previousConfDir = System.setProperty(ConfigOptions.CONF_DIR_PROPERTY, conf.toString());
    }

    @AfterEach
    void restoreTheConfDir() {
        if (previousConfDir == null) {
            System.clearProperty(ConfigOptions.CONF_DIR_PROPERTY);
        } else {
            System.setProperty(ConfigOptions.CONF_DIR_PROPERTY, previousConfDir);
        }
    }

    @Test
    void clientCommandsReadTheRunningClustersAddressesAndDaemonsDoNot() {
        LocalClusterFile.write(
                conf.resolve(ConfigOptions.LOCAL_CLUSTER_FILE), Map.of(CommonConfigKeys.OM_ADDRESS.name(), THREE_OMS));

        ConfigOptions plain = CommandLine.populateCommand(new ConfigOptions());
        assertThat(plain.load().get(CommonConfigKeys.OM_ADDRESS))
                .containsExactly("127.0.0.1:9862", "127.0.0.2:9862", "127.0.0.3:9862");
        assertThat(plain.loadForServer().get(CommonConfigKeys.OM_ADDRESS)).containsExactly("localhost:9862");
        ConfigOptions overridden = CommandLine.populateCommand(new ConfigOptions(), "-Dozone.om.address=10.0.0.1:9862");
        assertThat(overridden.load().get(CommonConfigKeys.OM_ADDRESS)).containsExactly("10.0.0.1:9862");
    }

    @Test
    void aStoppingClusterRemovesItsFileButNotOneAnotherClusterWroteSince() {
        Path file = conf.resolve(ConfigOptions.LOCAL_CLUSTER_FILE);
        LocalClusterFile first =
                LocalClusterFile.write(file, Map.of(CommonConfigKeys.OM_ADDRESS.name(), "127.0.0.1:1"));
        LocalClusterFile second =
                LocalClusterFile.write(file, Map.of(CommonConfigKeys.OM_ADDRESS.name(), "127.0.0.1:2"));

        first.remove();
        assertThat(file).exists();
        second.remove();
        assertThat(file).doesNotExist();
    }
}
