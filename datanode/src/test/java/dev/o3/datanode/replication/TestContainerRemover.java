package dev.o3.datanode.replication;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.o3.datanode.container.Container;
import dev.o3.datanode.container.ContainerResultException;
import dev.o3.datanode.container.ContainerSet;
import dev.o3.datanode.volume.VolumeSet;
import dev.o3.proto.container.BlockData;
import dev.o3.proto.container.ContainerResult;
import dev.o3.proto.hdds.BlockId;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A replica SCM deletes here stays deleted: a follower may still be applying its pipeline's log, and a late entry of
 * that log must not create the container again (an empty replica that takes writes the other replicas refused, which
 * SCM then found as a fourth, CLOSING copy of a closed container; docs/reliability.md, bug 16).
 */
class TestContainerRemover {
    @TempDir
    Path base;

    private VolumeSet volumes;

    @AfterEach
    void close() {
        if (volumes != null) {
            volumes.close();
        }
    }

    private ContainerSet open() {
        volumes = VolumeSet.open("test", List.of(base.resolve("v0"), base.resolve("v1")), 1 << 20);
        return ContainerSet.load("test", volumes);
    }

    @Test
    void aForcedDeletionOfAnUnhealthyReplicaKeepsLateEntriesOfItsPipelineFromCreatingItAgainAcrossRestarts()
            throws Exception {
        ContainerSet containers = open();
        Container unhealthy = containers.getOrCreate(1, "p");
        unhealthy.commitBlock(block(1, 10), 7);
        Path dir = unhealthy.volume().containerDir(1);
        ContainerRemover remover =
                new ContainerRemover("test", containers, new ReplicationMetrics(new PrometheusRegistry()));

        remover.delete(1, true);

        assertThat(dir).doesNotExist();
        assertRefused(containers, 1);
        volumes.close();
        ContainerSet restarted = open();
        assertRefused(restarted, 1);
        assertThat(restarted.getOrCreate(2, "p").record().bcsid()).isZero();
    }

    @Test
    void aDeletionOfAContainerThatIsNotHereKeepsALateEntryFromCreatingIt() throws Exception {
        ContainerSet containers = open();
        ContainerRemover remover =
                new ContainerRemover("test", containers, new ReplicationMetrics(new PrometheusRegistry()));

        remover.delete(3, false);

        assertRefused(containers, 3);
    }

    private static void assertRefused(ContainerSet containers, long containerId) {
        assertThat(containers.find(containerId)).isEmpty();
        assertThatThrownBy(() -> containers.getOrCreate(containerId, "p"))
                .isInstanceOfSatisfying(ContainerResultException.class, e -> {
                    assertThat(e.result()).isEqualTo(ContainerResult.CONTAINER_MISSING);
                    assertThat(e.getMessage()).contains("was deleted here");
                });
    }

    private static BlockData block(long containerId, long localId) {
        return BlockData.newBuilder()
                .setBlockId(BlockId.newBuilder().setContainerId(containerId).setLocalId(localId))
                .setSize(0)
                .build();
    }
}
