package dev.o3.datanode.container;

import static org.assertj.core.api.Assertions.assertThat;

import dev.o3.common.container.VolumeFullException;
import dev.o3.datanode.metrics.DatanodeMetrics;
import dev.o3.datanode.security.BlockAccess;
import dev.o3.datanode.volume.DataVolume;
import dev.o3.datanode.volume.VolumeSet;
import dev.o3.proto.container.ContainerCommandRequest;
import dev.o3.proto.container.PutBlockRequest;
import dev.o3.proto.container.WriteChunkRequest;
import dev.o3.proto.hdds.BlockId;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A volume below its min free space is full, not failed: the pipeline leader refuses chunk writes to it before they
 * are logged. A write that runs out of space anyway still fails the volume, so its replicas are rebuilt elsewhere.
 */
class TestFullVolumes {
    @TempDir
    Path base;

    private VolumeSet volumes;

    @AfterEach
    void close() {
        if (volumes != null) {
            volumes.close();
        }
    }

    private ContainerHandler handler(long minFreeSpace) {
        volumes = VolumeSet.open("test", List.of(base.resolve("v0")), 1024, minFreeSpace);
        ContainerSet containers = ContainerSet.load("test", volumes);
        return new ContainerHandler(
                "test",
                containers,
                new ChunkStore(new DatanodeMetrics(), false, false),
                new BlockAccess(Optional.empty()));
    }

    @Test
    void aVolumeBelowItsMinFreeSpaceIsFullButNotFailedAndTheLeaderRefusesChunkWritesToIt() throws Exception {
        ContainerHandler handler = handler(Long.MAX_VALUE);
        DataVolume volume = volumes.all().get(0);

        assertThat(volume.isFull()).isTrue();
        assertThat(volume.isFailed()).isFalse();
        assertThat(volume.check()).as("a full volume passes its I/O check").isTrue();
        assertThat(volumes.hasRoom()).isFalse();
        assertThat(handler.refusal(writeChunk(1)))
                .get()
                .isInstanceOf(VolumeFullException.class)
                .extracting(Throwable::getMessage)
                .asString()
                .contains("container 1", "hdds.datanode.volume.min.free.space");
        assertThat(handler.refusal(putBlock(1)))
                .as("a PutBlock only completes a block whose chunks were taken")
                .isEmpty();
    }

    @Test
    void aVolumeWithRoomTakesWrites() {
        ContainerHandler handler = handler(0);

        assertThat(volumes.all().get(0).isFull()).isFalse();
        assertThat(volumes.hasRoom()).isTrue();
        assertThat(handler.refusal(writeChunk(1))).isEmpty();
    }

    @Test
    void aWriteThatRunsOutOfSpaceFailsTheVolumeBecauseWhatItWroteMayBeLostHere() {
        var unused = handler(0);
        DataVolume volume = volumes.all().get(0);

        volume.onIoError(new IOException("write failed", new IOException("No space left on device")));

        assertThat(volume.isFailed()).isTrue();
    }

    private static ContainerCommandRequest writeChunk(long containerId) {
        return ContainerCommandRequest.newBuilder()
                .setContainerId(containerId)
                .setWriteChunk(WriteChunkRequest.newBuilder()
                        .setBlockId(
                                BlockId.newBuilder().setContainerId(containerId).setLocalId(1)))
                .build();
    }

    private static ContainerCommandRequest putBlock(long containerId) {
        return ContainerCommandRequest.newBuilder()
                .setContainerId(containerId)
                .setPutBlock(PutBlockRequest.getDefaultInstance())
                .build();
    }
}
