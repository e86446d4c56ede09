package dev.o3.datanode.container;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.protobuf.ByteString;
import dev.o3.common.container.VolumeFullException;
import dev.o3.datanode.metrics.DatanodeMetrics;
import dev.o3.datanode.security.BlockAccess;
import dev.o3.datanode.volume.DataVolume;
import dev.o3.datanode.volume.VolumeSet;
import dev.o3.proto.container.BlockData;
import dev.o3.proto.container.ContainerCommandRequest;
import dev.o3.proto.container.ContainerResult;
import dev.o3.proto.container.PutBlockRequest;
import dev.o3.proto.container.WriteChunkRequest;
import dev.o3.proto.hdds.BlockId;
import dev.o3.proto.hdds.ChunkInfo;
import dev.o3.server.db.DbException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A volume below its min free space is full, not failed: the pipeline leader refuses chunk writes to it before they
 * are logged. A chunk write that runs out of space anyway makes its replica UNHEALTHY (rebuilt from the others) and
 * leaves the volume's other replicas in service; one of the volume's database fails the volume.
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
        assertThat(handler.refusal(writeChunk(1, 1)))
                .get()
                .isInstanceOf(VolumeFullException.class)
                .extracting(Throwable::getMessage)
                .asString()
                .contains("container 1", "hdds.datanode.volume.min.free.space");
        assertThat(handler.refusal(putBlock(1, 2)))
                .as("a PutBlock of a block whose chunks were all taken completes it")
                .isEmpty();
    }

    @Test
    void aPutBlockListingTheChunkAFullLeaderRefusedIsRefusedWhenAppliedSoNoReplicaCommitsDataItLacks()
            throws Exception {
        ContainerHandler handler = handler(0);
        handler.containers().getOrCreate(1, "pipeline");
        DataVolume volume = volumes.all().get(0);
        volume.onIoError(new IOException("No space left on device"));
        assertThat(handler.refusal(writeChunk(1, 7))).get().isInstanceOf(VolumeFullException.class);
        // The client sent the block's PutBlock before the refusal reached it: it adds no data, so it is logged.
        ContainerCommandRequest putBlock = putBlock(1, 7).toBuilder()
                .setPutBlock(PutBlockRequest.newBuilder()
                        .setBlock(BlockData.newBuilder()
                                .setBlockId(
                                        BlockId.newBuilder().setContainerId(1).setLocalId(7))
                                .addChunks(ChunkInfo.newBuilder()
                                        .setChunkName("7_0")
                                        .setLength(4096))))
                .build();
        assertThat(handler.refusal(putBlock)).isEmpty();

        assertThat(handler.apply(putBlock, 5).getResult()).isEqualTo(ContainerResult.BLOCK_INCOMPLETE);
    }

    @Test
    void aVolumeWithRoomTakesWrites() {
        ContainerHandler handler = handler(0);

        assertThat(volumes.all().get(0).isFull()).isFalse();
        assertThat(volumes.hasRoom()).isTrue();
        assertThat(handler.refusal(writeChunk(1, 1))).isEmpty();
    }

    @Test
    void aChunkWriteThatRunsOutOfSpaceMakesItsReplicaUnhealthyAndTheVolumeFullWhileItsOtherContainersStayReadable()
            throws Exception {
        ContainerSet containers = handler(0).containers();
        ChunkStore chunks = new ChunkStore(new DatanodeMetrics(), true, false);
        DataVolume volume = volumes.all().get(0);
        Container written = containers.getOrCreate(1, "pipeline");
        chunks.write(written, 7, 0, ByteString.copyFromUtf8("committed before the disk filled"));
        Container lost = containers.getOrCreate(2, "pipeline");
        // Writing to /dev/full fails with ENOSPC, as a write to a file system that just filled up does.
        Files.createSymbolicLink(volume.blockFile(2, 8), Path.of("/dev/full"));

        assertThatThrownBy(() -> chunks.write(lost, 8, 0, ByteString.copyFromUtf8("no room")))
                .isInstanceOf(ContainerResultException.class)
                .extracting(e -> ((ContainerResultException) e).result())
                .isEqualTo(ContainerResult.DISK_OUT_OF_SPACE);

        assertThat(lost.state()).as("the replica lacks a write the others took").isEqualTo(ReplicaState.UNHEALTHY);
        assertThat(volume.isFailed()).isFalse();
        assertThat(volume.isFull()).isTrue();
        assertThat(written.state()).isEqualTo(ReplicaState.OPEN);
        assertThat(StandardCharsets.UTF_8.decode(chunks.read(written, 7, 0, 32)).toString())
                .isEqualTo("committed before the disk filled");
    }

    @Test
    void aDatabaseWriteThatRunsOutOfSpaceFailsTheVolumeBecauseNoReplicaOnItCanRecordABlockAnyMore() {
        var unused = handler(0);
        DataVolume volume = volumes.all().get(0);

        volume.onIoError(new DbException("put failed", new IOException("While appending: No space left on device")));

        assertThat(volume.isFailed()).isTrue();
    }

    @Test
    void newContainersGoWhereTheOpenOnesCanStillGrowToAWholeContainer() throws Exception {
        volumes = VolumeSet.open("test", List.of(base.resolve("v0"), base.resolve("v1")), 1024, 0);
        DataVolume v0 = volumes.all().get(0);
        DataVolume v1 = volumes.all().get(1);
        long all = Long.MAX_VALUE / 2;

        for (int i = 0; i < 4; i++) {
            assertThat(volumes.choose(volume -> volume == v0 ? all : 0))
                    .as("v0's open containers may take all its space")
                    .isSameAs(v1);
        }
        assertThat(volumes.choose(volume -> all))
                .as("with no room anywhere a replica still takes what its leader logged")
                .isIn(v0, v1);
    }

    @Test
    void anOpenContainerPromisesWhatItMayStillWriteAndAClosedOneNothing() throws Exception {
        ContainerSet containers = handler(0).containers();
        DataVolume volume = volumes.all().get(0);

        Container open = containers.getOrCreate(1, "pipeline");

        assertThat(containers.promised()).containsEntry(volume, volumes.containerSize());
        open.transition(ReplicaState.CLOSED);
        assertThat(containers.promised()).doesNotContainKey(volume);
    }

    private static ContainerCommandRequest writeChunk(long containerId, long localId) {
        return ContainerCommandRequest.newBuilder()
                .setContainerId(containerId)
                .setWriteChunk(WriteChunkRequest.newBuilder()
                        .setBlockId(
                                BlockId.newBuilder().setContainerId(containerId).setLocalId(localId)))
                .build();
    }

    private static ContainerCommandRequest putBlock(long containerId, long localId) {
        return ContainerCommandRequest.newBuilder()
                .setContainerId(containerId)
                .setPutBlock(PutBlockRequest.newBuilder()
                        .setBlock(BlockData.newBuilder()
                                .setBlockId(BlockId.newBuilder()
                                        .setContainerId(containerId)
                                        .setLocalId(localId))))
                .build();
    }
}
