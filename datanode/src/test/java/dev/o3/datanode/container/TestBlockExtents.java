package dev.o3.datanode.container;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.protobuf.ByteString;
import dev.o3.datanode.metrics.DatanodeMetrics;
import dev.o3.datanode.security.BlockAccess;
import dev.o3.datanode.volume.VolumeSet;
import dev.o3.proto.container.BlockData;
import dev.o3.proto.container.ContainerCommandRequest;
import dev.o3.proto.container.ContainerCommandResponse;
import dev.o3.proto.container.ContainerResult;
import dev.o3.proto.container.PutBlockRequest;
import dev.o3.proto.container.WriteChunkRequest;
import dev.o3.proto.hdds.BlockId;
import dev.o3.proto.hdds.ChunkInfo;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A client sends a block's chunks and PutBlocks without waiting for each answer, so a leader's refusal of one chunk
 * (a full volume, an expired token) can leave the block's later chunks and its PutBlock in the log, logged by that
 * leader or the next. Every replica applies the log alike and refuses those writes, so none commits a block listing
 * data it lacks (docs/reliability.md, bug 15), while chunks in order, a client's retry of a chunk and a replica that
 * restarted mid-block still commit.
 */
class TestBlockExtents {
    private static final int CHUNK = 8;

    @TempDir
    Path base;

    private final List<VolumeSet> volumes = new ArrayList<>();

    @AfterEach
    void close() {
        volumes.forEach(VolumeSet::close);
    }

    private ContainerHandler replica(String name) {
        VolumeSet set = VolumeSet.open(name, List.of(base.resolve(name)), 1 << 20, 0);
        volumes.add(set);
        return new ContainerHandler(
                name,
                ContainerSet.load(name, set),
                new ChunkStore(new DatanodeMetrics(), false, false),
                new BlockAccess(Optional.empty()));
    }

    @Test
    void aChunkAfterOneThatNeverReachedTheLogAndTheBlocksPutBlockAreRefusedOnEveryReplicaAlike() throws Exception {
        List<ContainerHandler> replicas = List.of(replica("dn1"), replica("dn2"), replica("dn3"));
        // Chunk 1 was refused by the leader, chunk 2 and the PutBlock listing all three were logged after it.
        List<ContainerCommandRequest> log =
                List.of(writeChunk(1, 7, 0), writeChunk(1, 7, 2), putBlock(1, 7, 3, true), writeChunk(1, 8, 0));

        for (ContainerHandler replica : replicas) {
            List<ContainerResult> results = apply(replica, log);

            assertThat(results)
                    .containsExactly(
                            ContainerResult.SUCCESS,
                            ContainerResult.BLOCK_INCOMPLETE,
                            ContainerResult.BLOCK_INCOMPLETE,
                            ContainerResult.SUCCESS);
            assertThatThrownBy(() -> replica.containers().get(1).block(7))
                    .as("no replica commits the block")
                    .extracting(e -> ((ContainerResultException) e).result())
                    .isEqualTo(ContainerResult.NO_SUCH_BLOCK);
            assertThat(replica.containers().get(1).state())
                    .as("the container's other blocks stay writable")
                    .isEqualTo(ReplicaState.OPEN);
        }
    }

    @Test
    void aPutBlockListingALastChunkThatNeverReachedTheLogIsRefusedAndOneListingTheAppliedChunksCommits() {
        ContainerHandler replica = replica("dn1");

        assertThat(apply(replica, List.of(writeChunk(1, 7, 0), writeChunk(1, 7, 1), putBlock(1, 7, 3, true))))
                .containsExactly(ContainerResult.SUCCESS, ContainerResult.SUCCESS, ContainerResult.BLOCK_INCOMPLETE);
        ContainerCommandResponse committed = replica.apply(putBlock(1, 7, 2, false), 4);

        assertThat(committed.getResult()).isEqualTo(ContainerResult.SUCCESS);
        assertThat(committed.getPutBlock().getCommittedLength()).isEqualTo(2 * CHUNK);
    }

    @Test
    void aBlockWhoseOnlyChunkNeverReachedTheLogCannotBeCommitted() throws Exception {
        ContainerHandler replica = replica("dn1");
        replica.containers().getOrCreate(1, "pipeline");

        ContainerCommandResponse response = replica.apply(putBlock(1, 7, 1, true), 1);

        assertThat(response.getResult()).isEqualTo(ContainerResult.BLOCK_INCOMPLETE);
        assertThat(response.getMessage()).contains("block 7 of container 1 holds 0 bytes here, not 8");
    }

    @Test
    void chunksInOrderARetriedChunkAndALatePutBlockRetryCommit() throws Exception {
        ContainerHandler replica = replica("dn1");

        assertThat(apply(
                        replica,
                        List.of(
                                writeChunk(1, 7, 0),
                                writeChunk(1, 7, 1),
                                putBlock(1, 7, 2, false),
                                writeChunk(1, 7, 1),
                                writeChunk(1, 7, 2),
                                putBlock(1, 7, 3, true),
                                putBlock(1, 7, 3, true))))
                .containsOnly(ContainerResult.SUCCESS);
        assertThat(replica.containers().get(1).block(7).getSize()).isEqualTo(3 * CHUNK);
    }

    @Test
    void aReplicaThatRestartedMidBlockTakesTheBlocksLaterChunksAndChecksItsPutBlockAgainstItsDisk() throws Exception {
        ContainerHandler before = replica("dn1");
        assertThat(apply(before, List.of(writeChunk(1, 7, 0), writeChunk(1, 7, 1))))
                .containsOnly(ContainerResult.SUCCESS);
        volumes.remove(0).close();

        ContainerHandler after = replica("dn1");

        assertThat(after.apply(putBlock(1, 7, 3, false), 3).getResult())
                .as("the disk holds two chunks, not three")
                .isEqualTo(ContainerResult.BLOCK_INCOMPLETE);
        assertThat(apply(after, List.of(writeChunk(1, 7, 2), putBlock(1, 7, 3, true))))
                .containsOnly(ContainerResult.SUCCESS);
        assertThat(after.containers().get(1).block(7).getSize()).isEqualTo(3 * CHUNK);
    }

    private static List<ContainerResult> apply(ContainerHandler replica, List<ContainerCommandRequest> log) {
        return IntStream.range(0, log.size())
                .mapToObj(i -> replica.apply(log.get(i), i + 1).getResult())
                .toList();
    }

    /** The {@code index}th chunk of a block, its data inside the request as in a log entry of a small chunk. */
    private static ContainerCommandRequest writeChunk(long containerId, long localId, int index) {
        return ContainerCommandRequest.newBuilder()
                .setContainerId(containerId)
                .setPipelineId("pipeline")
                .setWriteChunk(WriteChunkRequest.newBuilder()
                        .setBlockId(blockId(containerId, localId))
                        .setChunk(chunk(index))
                        .setData(ByteString.copyFrom("chunk-" + index + "!", StandardCharsets.UTF_8)))
                .build();
    }

    /** A PutBlock listing the block's first {@code chunks} chunks. */
    private static ContainerCommandRequest putBlock(long containerId, long localId, int chunks, boolean eof) {
        BlockData.Builder block = BlockData.newBuilder().setBlockId(blockId(containerId, localId));
        IntStream.range(0, chunks).forEach(i -> block.addChunks(chunk(i)));
        return ContainerCommandRequest.newBuilder()
                .setContainerId(containerId)
                .setPipelineId("pipeline")
                .setPutBlock(PutBlockRequest.newBuilder().setBlock(block).setEof(eof))
                .build();
    }

    private static ChunkInfo chunk(int index) {
        return ChunkInfo.newBuilder()
                .setChunkName("chunk-" + index)
                .setOffset((long) index * CHUNK)
                .setLength(CHUNK)
                .build();
    }

    private static BlockId blockId(long containerId, long localId) {
        return BlockId.newBuilder()
                .setContainerId(containerId)
                .setLocalId(localId)
                .build();
    }
}
