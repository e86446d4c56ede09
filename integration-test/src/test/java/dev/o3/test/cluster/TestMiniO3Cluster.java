package dev.o3.test.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.o3.common.config.ConfigException;
import dev.o3.common.net.RackMapping;
import dev.o3.datanode.config.DatanodeConfig;
import dev.o3.scm.config.ScmConfig;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TestMiniO3Cluster {
    @TempDir
    Path directory;

    @Test
    void datanodesGetPrivateDisksAndRacksFromOneTable() {
        try (MiniO3Cluster cluster = MiniO3Cluster.builder(directory)
                .numOMs(3)
                .numDatanodes(5)
                .volumesPerDatanode(2)
                .ratisDirsPerDatanode(3)
                .racks(2)
                .conf("ozone.scm.datanode.pipeline.limit", "3")
                .build()) {
            assertThat(cluster.oms()).hasSize(3);
            assertThat(cluster.datanodes()).hasSize(5);

            Set<Path> allDirs = new HashSet<>();
            RackMapping racks = RackMapping.readTable(cluster.topologyTable());
            for (ClusterNode datanode : cluster.datanodes()) {
                DatanodeConfig config = DatanodeConfig.from(datanode.configuration());
                assertThat(config.dataDirs()).hasSize(2).allMatch(Files::isDirectory);
                assertThat(config.ratisDirs()).hasSize(3).allMatch(Files::isDirectory);
                assertThat(allDirs.addAll(config.dataDirs())).isTrue();
                assertThat(allDirs.addAll(config.ratisDirs())).isTrue();
                assertThat(config.ratisPort()).isZero();
                assertThat(racks.rackOf(datanode.id())).isEqualTo(datanode.rack());
            }
            assertThat(cluster.datanodes())
                    .extracting(ClusterNode::rack)
                    .containsExactly("/rack0", "/rack1", "/rack0", "/rack1", "/rack0");
            assertThat(allDirs).hasSize(5 * (2 + 3));

            ScmConfig scm = ScmConfig.from(cluster.scm().configuration());
            assertThat(scm.datanodePipelineLimit()).isEqualTo(3);
            assertThat(scm.dbDirectory().startsWith(cluster.scm().directory())).isTrue();
        }
    }

    @Test
    void builderRejectsImpossibleShapes() {
        MiniO3Cluster.Builder builder = MiniO3Cluster.builder(directory);

        assertThatThrownBy(() -> builder.numOMs(2)).hasMessageContaining("numOMs must be 1 or 3");
        assertThatThrownBy(() -> builder.numDatanodes(0)).hasMessageContaining("numDatanodes");
        assertThatThrownBy(() -> builder.racks(0)).hasMessageContaining("racks");
    }

    @Test
    void unknownOverrideFailsTheBuild() {
        MiniO3Cluster.Builder builder = MiniO3Cluster.builder(directory).conf("ozone.no.such.key", "1");

        assertThatThrownBy(builder::build).isInstanceOf(ConfigException.class);
        assertThat(List.of(directory.toFile().list())).doesNotContain("dn1");
    }
}
