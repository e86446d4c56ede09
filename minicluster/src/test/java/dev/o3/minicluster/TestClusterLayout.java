package dev.o3.minicluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.o3.common.config.ConfigException;
import dev.o3.datanode.config.DatanodeConfig;
import dev.o3.om.config.OmConfig;
import dev.o3.scm.config.ScmConfig;
import dev.o3.scm.topology.RackMapping;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TestClusterLayout {
    @TempDir
    Path directory;

    @Test
    void datanodesGetPrivateDisksAddressesAndRacksFromOneTable() {
        ClusterLayout layout = ClusterLayout.builder(directory)
                .numOMs(3)
                .numDatanodes(5)
                .volumesPerDatanode(2)
                .ratisDirsPerDatanode(3)
                .racks(2)
                .conf("ozone.scm.datanode.pipeline.limit", "3")
                .build();

        assertThat(layout.oms()).hasSize(3);
        assertThat(layout.datanodes()).hasSize(5);
        Set<Path> allDirs = new HashSet<>();
        RackMapping racks = RackMapping.readTable(layout.topologyTable());
        for (int i = 0; i < 5; i++) {
            DatanodeConfig config = DatanodeConfig.from(layout.datanodeConfiguration(i, "127.0.0.1:1"));
            assertThat(config.dataDirs()).hasSize(2).allMatch(Files::isDirectory);
            assertThat(config.ratisDirs()).hasSize(3).allMatch(Files::isDirectory);
            assertThat(allDirs.addAll(config.dataDirs())).isTrue();
            assertThat(allDirs.addAll(config.ratisDirs())).isTrue();
            assertThat(config.hostname()).contains("127.0.0." + (11 + i));
            assertThat(racks.rackOf(config.hostname().orElseThrow()))
                    .isEqualTo(layout.datanodes().get(i).rack());
        }
        assertThat(layout.datanodes())
                .extracting(ClusterNode::rack)
                .containsExactly("/rack0", "/rack1", "/rack0", "/rack1", "/rack0");
        assertThat(allDirs).hasSize(5 * (2 + 3));
        assertThat(ScmConfig.from(layout.scm().configuration()).datanodePipelineLimit())
                .isEqualTo(3);
    }

    @Test
    void everyOmKnowsEveryPeerAndItsOwnId() {
        ClusterLayout layout = ClusterLayout.builder(directory).numOMs(3).build();

        List<String> ids = layout.omConfigurations(9863).stream()
                .map(conf -> OmConfig.from(conf).nodeId())
                .toList();

        assertThat(ids).containsExactly("om1", "om2", "om3");
        assertThat(layout.omConfigurations(9863)
                        .get(1)
                        .explicitValues()
                        .get("ozone.om.address")
                        .split(","))
                .hasSize(3);
    }

    @Test
    void withFixedPortsEachOmHasTheStandardPortOnAnAddressOfItsOwn() {
        ClusterLayout layout =
                ClusterLayout.builder(directory).numOMs(3).fixedPorts().build();

        assertThat(layout.omClientAddresses()).isEqualTo("127.0.0.1:9862,127.0.0.2:9862,127.0.0.3:9862");
        assertThat(layout.omConfigurations(9863).stream()
                        .map(conf -> OmConfig.from(conf).self().clientAddress().toString()))
                .containsExactly("127.0.0.1:9862", "127.0.0.2:9862", "127.0.0.3:9862");
    }

    @Test
    void builderRejectsImpossibleShapes() {
        ClusterLayout.Builder builder = ClusterLayout.builder(directory);

        assertThatThrownBy(() -> builder.numOMs(2)).hasMessageContaining("numOMs must be 1 or 3");
        assertThatThrownBy(() -> builder.numDatanodes(0)).hasMessageContaining("numDatanodes");
        assertThatThrownBy(() -> builder.racks(0)).hasMessageContaining("racks");
    }

    @Test
    void unknownOverrideFailsTheBuild() {
        ClusterLayout.Builder builder = ClusterLayout.builder(directory).conf("ozone.no.such.key", "1");

        assertThatThrownBy(builder::build).isInstanceOf(ConfigException.class);
        assertThat(List.of(directory.toFile().list())).doesNotContain("dn1");
    }
}
