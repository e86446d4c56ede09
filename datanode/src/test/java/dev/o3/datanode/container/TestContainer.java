package dev.o3.datanode.container;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.protobuf.ByteString;
import dev.o3.datanode.metrics.DatanodeMetrics;
import dev.o3.datanode.volume.BlockKey;
import dev.o3.datanode.volume.VolumeSet;
import dev.o3.proto.container.BlockData;
import dev.o3.proto.container.ContainerResult;
import dev.o3.proto.hdds.BlockId;
import dev.o3.proto.hdds.ChunkInfo;
import dev.o3.server.db.Database;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Containers on real volumes (RocksDB and block files in a temporary directory), without Ratis or network. */
class TestContainer {
    @TempDir
    Path base;

    private final int openDatabases = Database.openCount();
    private VolumeSet volumes;

    @AfterEach
    void close() {
        if (volumes != null) {
            volumes.close();
        }
        assertThat(Database.openCount()).isEqualTo(openDatabases);
    }

    @Test
    void putBlockStampsTheBcsidAndIgnoresReplays() throws Exception {
        ContainerSet containers = open();
        Container container = containers.getOrCreate(1, "pipeline");

        BlockData committed = container.commitBlock(block(1, 10, 100), 7);
        BlockData replayed = container.commitBlock(block(1, 10, 999), 5);

        assertThat(committed.getBlockId().getBlockCommitSequenceId()).isEqualTo(7);
        assertThat(replayed).isEqualTo(committed);
        assertThat(container.record()).isEqualTo(new ContainerRecord(1, ReplicaState.OPEN, 7, "pipeline", 100, 1));
    }

    /**
     * A writer's Ratis client retried its PutBlocks after the new pipeline's leader answered "not ready": the one
     * listing four chunks reached the log after the one listing eight (NodeFailureDuringWriteIT saw every replica end
     * with four, and the key unreadable past them).
     */
    @Test
    void aPutBlockListingFewerChunksThanTheBlockHasIsALateRetryAndChangesNothing() throws Exception {
        ContainerSet containers = open();
        Container container = containers.getOrCreate(1, "pipeline");

        BlockData eight = container.commitBlock(chunked(8), 11);
        BlockData late = container.commitBlock(chunked(4), 12);

        assertThat(late).isEqualTo(eight);
        assertThat(container.block(10).getChunksCount()).isEqualTo(8);
        assertThat(container.block(10).getSize()).isEqualTo(8 * 4096);
        assertThat(container.record().usedBytes()).isEqualTo(8 * 4096);
        assertThat(container.record().bcsid())
                .as("the late retry commits nothing")
                .isEqualTo(11);
        assertThat(container.commitBlock(chunked(9), 13).getChunksCount())
                .as("a longer PutBlock still commits")
                .isEqualTo(9);
    }

    @Test
    void putBlockIsNotSyncedUntilTheMetadataSyncBeforeASnapshot() throws Exception {
        ContainerSet containers = open();
        Container container = containers.getOrCreate(1, "pipeline");
        Database database = volumes.all().get(0).database();
        long before = database.syncs();

        container.commitBlock(block(1, 10, 100), 7);
        container.commitBlock(block(1, 11, 100), 8);
        assertThat(database.syncs())
                .as("PutBlock relies on the Raft log, no fsync of its own")
                .isEqualTo(before);

        containers.syncMetadata();
        assertThat(database.syncs()).isEqualTo(before + 1);
        assertThat(container.block(11).getBlockId().getBlockCommitSequenceId()).isEqualTo(8);
    }

    @Test
    void containersAndBlocksSurviveReopening() throws Exception {
        ContainerSet containers = open();
        containers.getOrCreate(1, "p1").commitBlock(block(1, 10, 100), 3);
        containers.getOrCreate(2, "p2").transition(ReplicaState.CLOSING);
        volumes.close();

        ContainerSet reopened = open();

        assertThat(reopened.get(1).record().bcsid()).isEqualTo(3);
        assertThat(reopened.get(1).block(10).getSize()).isEqualTo(100);
        assertThat(reopened.get(2).state()).isEqualTo(ReplicaState.CLOSING);
        assertThat(reopened.all()).hasSize(2);
    }

    @Test
    void closedContainersRejectWritesAndNeverReopen() throws Exception {
        Container container = open().getOrCreate(1, "pipeline");

        assertThat(container.transition(ReplicaState.CLOSED)).isTrue();

        assertThat(container.transition(ReplicaState.OPEN)).isFalse();
        assertThat(container.transition(ReplicaState.QUASI_CLOSED)).isFalse();
        assertThatThrownBy(() -> container.commitBlock(block(1, 10, 1), 9))
                .isInstanceOfSatisfying(ContainerResultException.class, e -> assertThat(e.result())
                        .isEqualTo(ContainerResult.CONTAINER_NOT_OPEN));
        assertThat(container.transition(ReplicaState.UNHEALTHY)).isTrue();
        assertThat(container.transition(ReplicaState.CLOSED)).isFalse();
    }

    @Test
    void chunksWrittenFromTheRaftLogAreSyncedBeforeASnapshotAndBeforeTheReplicaStopsTakingWrites() throws Exception {
        ContainerSet containers = open();
        Container snapshotted = containers.getOrCreate(1, "pipeline");
        Container quasiClosed = containers.getOrCreate(2, "pipeline");
        ChunkStore chunks = new ChunkStore(new DatanodeMetrics(), false, false);
        ByteString data = ByteString.copyFrom(new byte[4096]);
        chunks.writeLogged(snapshotted, 10, 0, data);
        chunks.writeLogged(snapshotted, 10, 4096, data);
        chunks.writeLogged(snapshotted, 11, 0, data);
        chunks.writeLogged(quasiClosed, 20, 0, data);
        assertThat(snapshotted.unsyncedLoggedBlocks())
                .as("one entry per block file")
                .isEqualTo(2);

        containers.syncLogged();
        assertThat(snapshotted.unsyncedLoggedBlocks()).isZero();
        assertThat(quasiClosed.unsyncedLoggedBlocks()).isZero();

        chunks.writeLogged(quasiClosed, 21, 0, data);
        assertThat(quasiClosed.transition(ReplicaState.QUASI_CLOSED)).isTrue();
        assertThat(quasiClosed.unsyncedLoggedBlocks())
                .as("a replay of the log would be refused from now on")
                .isZero();
        assertThatThrownBy(() -> chunks.writeLogged(quasiClosed, 22, 0, data))
                .isInstanceOfSatisfying(ContainerResultException.class, e -> assertThat(e.result())
                        .isEqualTo(ContainerResult.CONTAINER_NOT_OPEN));
        assertThat(Files.exists(quasiClosed.volume().blockFile(2, 22))).isFalse();
        assertThat(Files.size(snapshotted.volume().blockFile(1, 10))).isEqualTo(8192);
    }

    @Test
    void deletingABlockRemovesItsFileAndMetadata() throws Exception {
        ContainerSet containers = open();
        Container container = containers.getOrCreate(1, "pipeline");
        ChunkStore chunks = new ChunkStore(new DatanodeMetrics(), false, false);
        chunks.write(container, 10, 0, ByteString.copyFrom(new byte[4096]));
        container.commitBlock(block(1, 10, 4096), 2);

        long freed = container.deleteBlock(10);

        assertThat(freed).isEqualTo(4096);
        assertThat(Files.exists(container.volume().blockFile(1, 10))).isFalse();
        assertThat(container.blocks(0, 10)).isEmpty();
        assertThat(container.record().usedBytes()).isZero();
        assertThat(container.deleteBlock(10)).isZero();
    }

    @Test
    void aSmallBlockKeptInTheDatabaseHasNoFileAndIsReadDeletedAndReopenedLikeOthers() throws Exception {
        ContainerSet containers = open();
        Container container = containers.getOrCreate(1, "pipeline");
        DatanodeMetrics metrics = new DatanodeMetrics();
        ChunkStore chunks = new ChunkStore(metrics, true, false);
        byte[] data = new byte[4096];
        new Random(7).nextBytes(data);
        Database database = container.volume().database();
        long syncs = database.syncs();

        chunks.commitWholeBlock(container, block(1, 10, data.length), 5, ByteString.copyFrom(data));
        BlockData replayed = container.commitBlockWithData(block(1, 10, 1), 4, new byte[1]);

        assertThat(database.syncs())
                .as("synced with the metadata, before a snapshot")
                .isEqualTo(syncs);
        assertThat(container.volume().blockFile(1, 10)).doesNotExist();
        assertThat(TestChunkStore.counter(metrics, DatanodeMetrics.VOLUME_WRITE_BYTES))
                .as("counted as written to the volume")
                .isEqualTo(data.length);
        assertThat(replayed.getSize()).isEqualTo(data.length);
        assertThat(container.unsyncedLoggedBlocks()).isZero();
        assertThat(container.record()).isEqualTo(new ContainerRecord(1, ReplicaState.OPEN, 5, "pipeline", 4096, 1));
        assertThat(bytes(chunks.read(container, 10, 0, data.length))).isEqualTo(data);
        assertThat(bytes(chunks.read(container, 10, 1000, 24))).isEqualTo(Arrays.copyOfRange(data, 1000, 1024));
        assertThatThrownBy(() -> chunks.read(container, 10, 4000, 100))
                .isInstanceOfSatisfying(ContainerResultException.class, e -> assertThat(e.result())
                        .isEqualTo(ContainerResult.NO_SUCH_BLOCK));

        volumes.close();
        Container reopened = open().get(1);
        assertThat(bytes(chunks.read(reopened, 10, 0, data.length))).isEqualTo(data);

        assertThat(reopened.deleteBlock(10)).isEqualTo(data.length);
        assertThat(reopened.volume().blockContents().get(new BlockKey(1, 10))).isEmpty();
        assertThatThrownBy(() -> chunks.read(reopened, 10, 0, 1))
                .isInstanceOfSatisfying(ContainerResultException.class, e -> assertThat(e.result())
                        .isEqualTo(ContainerResult.NO_SUCH_BLOCK));
    }

    @Test
    void newContainersGoRoundRobinOverVolumes() throws Exception {
        ContainerSet containers = open();

        List<Path> roots = List.of(
                containers.getOrCreate(1, "p").volume().root(),
                containers.getOrCreate(2, "p").volume().root(),
                containers.getOrCreate(3, "p").volume().root());

        assertThat(roots.get(0)).isNotEqualTo(roots.get(1));
        assertThat(roots.get(2)).isEqualTo(roots.get(0));
    }

    @Test
    void aContainerLostWithAFailedVolumeIsNotCreatedAgainByALaterPipelineWrite() throws Exception {
        ContainerSet containers = open();
        Container lost = containers.getOrCreate(1, "p");
        lost.commitBlock(block(1, 10, 100), 7);

        lost.volume().markFailed("test");

        assertThat(containers.find(1)).isEmpty();
        assertThatThrownBy(() -> containers.getOrCreate(1, "p"))
                .isInstanceOfSatisfying(ContainerResultException.class, e -> assertThat(e.result())
                        .isEqualTo(ContainerResult.CONTAINER_MISSING));
        assertThat(containers.getOrCreate(2, "p").volume()).isNotEqualTo(lost.volume());
    }

    @Test
    void aRestartedDatanodeStillRefusesAContainerLostWithAVolumeThatIsStillFailed() throws Exception {
        ContainerSet containers = open();
        Container lost = containers.getOrCreate(1, "p");
        lost.commitBlock(block(1, 10, 100), 7);
        containers.getOrCreate(2, "p").commitBlock(block(2, 10, 100), 3);
        Path failedRoot = lost.volume().root();
        lost.volume().markFailed("test");
        volumes.close();
        // The disk stays broken: its directory cannot be opened at the restart.
        Path unplugged = Files.move(failedRoot, base.resolve("unplugged"));
        Files.writeString(failedRoot, "not a volume");

        ContainerSet restarted = open();

        assertThat(volumes.healthy()).hasSize(1);
        assertMissing(restarted, 1);
        assertThat(restarted.get(2).record().bcsid()).isEqualTo(3);

        // SCM deleted the container here (it lives on elsewhere): a late write of its pipeline still may not create it.
        restarted.markDeleted(1);
        volumes.close();
        ContainerSet again = open();
        assertDeleted(again, 1);
        assertThat(unplugged).isDirectory();
    }

    @Test
    void aContainerTakenOutOfTheSetIsNotCreatedAgainByALateEntryOfItsPipeline() throws Exception {
        ContainerSet containers = open();
        Container unhealthy = containers.getOrCreate(1, "p");
        unhealthy.commitBlock(block(1, 10, 100), 7);

        // SCM replaced the replica elsewhere and deleted it here while this follower still applies the pipeline's log.
        assertThat(containers.remove(unhealthy)).isTrue();

        assertDeleted(containers, 1);
        assertThat(containers.remove(unhealthy)).as("already removed").isFalse();
        assertThat(containers.getOrCreate(2, "p").record().bcsid())
                .as("other containers are created as before")
                .isZero();
    }

    private static void assertDeleted(ContainerSet containers, long containerId) {
        assertThat(containers.find(containerId)).isEmpty();
        assertThatThrownBy(() -> containers.getOrCreate(containerId, "p"))
                .isInstanceOfSatisfying(ContainerResultException.class, e -> {
                    assertThat(e.result()).isEqualTo(ContainerResult.CONTAINER_MISSING);
                    assertThat(e.getMessage()).contains("was deleted here");
                });
        assertThatThrownBy(() -> containers.get(containerId))
                .isInstanceOfSatisfying(ContainerResultException.class, e -> assertThat(e.result())
                        .isEqualTo(ContainerResult.CONTAINER_NOT_FOUND));
    }

    @Test
    void aContainerLostWithAVolumeThatComesBackIsServedAgainAndNoLongerMissing() throws Exception {
        ContainerSet containers = open();
        Container lost = containers.getOrCreate(1, "p");
        lost.commitBlock(block(1, 10, 100), 7);
        Path failedRoot = lost.volume().root();
        lost.volume().markFailed("test");
        assertMissing(containers, 1);
        volumes.close();
        Path unplugged = Files.move(failedRoot, base.resolve("unplugged"));
        Files.writeString(failedRoot, "not a volume");
        open();
        volumes.close();
        Files.delete(failedRoot);
        Files.move(unplugged, failedRoot);

        ContainerSet back = open();

        assertThat(back.get(1).record().bcsid()).isEqualTo(7);
        assertThat(volumes.all().stream()
                        .allMatch(volume -> volume.missingContainers().all().isEmpty()))
                .isTrue();
    }

    private static void assertMissing(ContainerSet containers, long containerId) {
        assertThat(containers.find(containerId)).isEmpty();
        assertThatThrownBy(() -> containers.getOrCreate(containerId, "p"))
                .isInstanceOfSatisfying(ContainerResultException.class, e -> assertThat(e.result())
                        .isEqualTo(ContainerResult.CONTAINER_MISSING));
        assertThatThrownBy(() -> containers.get(containerId))
                .isInstanceOfSatisfying(ContainerResultException.class, e -> assertThat(e.result())
                        .isEqualTo(ContainerResult.CONTAINER_MISSING));
    }

    @Test
    void whenTwoVolumesHoldOneContainerTheReplicaWithTheHigherBcsidIsServed() throws Exception {
        ContainerSet containers = open();
        Container first = containers.getOrCreate(1, "p");
        first.commitBlock(block(1, 10, 100), 7);
        Container second = containers.getOrCreate(2, "p");
        second.commitBlock(block(2, 10, 100), 9);
        second.volume().containers().put(1L, new ContainerRecord(1, ReplicaState.OPEN, 3, "p", 0, 0));
        first.volume().containers().put(2L, new ContainerRecord(2, ReplicaState.OPEN, 3, "p", 0, 0));
        Path firstRoot = first.volume().root();
        Path secondRoot = second.volume().root();
        volumes.close();

        ContainerSet reopened = open();

        assertThat(reopened.get(1).volume().root()).isEqualTo(firstRoot);
        assertThat(reopened.get(1).record().bcsid()).isEqualTo(7);
        assertThat(reopened.get(2).volume().root()).isEqualTo(secondRoot);
        assertThat(reopened.get(2).record().bcsid()).isEqualTo(9);
    }

    private ContainerSet open() {
        volumes = VolumeSet.open("test", List.of(base.resolve("v0"), base.resolve("v1")), 1024);
        return ContainerSet.load("test", volumes);
    }

    private static byte[] bytes(ByteBuffer buffer) {
        byte[] copy = new byte[buffer.remaining()];
        buffer.duplicate().get(copy);
        return copy;
    }

    /** Block 10 of container 1 listing {@code chunks} chunks of 4 KB. */
    private static BlockData chunked(int chunks) {
        BlockData.Builder block = block(1, 10, chunks * 4096L).toBuilder();
        for (int i = 0; i < chunks; i++) {
            block.addChunks(ChunkInfo.newBuilder()
                    .setChunkName("10_chunk_" + (i + 1))
                    .setOffset(i * 4096L)
                    .setLength(4096));
        }
        return block.build();
    }

    private static BlockData block(long containerId, long localId, long size) {
        return BlockData.newBuilder()
                .setBlockId(BlockId.newBuilder().setContainerId(containerId).setLocalId(localId))
                .setSize(size)
                .build();
    }
}
