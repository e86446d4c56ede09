package dev.o3.datanode.container;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.ByteString;
import dev.o3.common.security.BlockTokenSigner;
import dev.o3.common.security.BlockTokenSigner.Mode;
import dev.o3.datanode.metrics.DatanodeMetrics;
import dev.o3.datanode.security.BlockAccess;
import dev.o3.datanode.volume.VolumeSet;
import dev.o3.proto.container.BlockData;
import dev.o3.proto.container.ContainerCommandRequest;
import dev.o3.proto.container.ContainerCommandResponse;
import dev.o3.proto.container.ContainerResult;
import dev.o3.proto.container.PutBlockRequest;
import dev.o3.proto.container.WriteBatchRequest;
import dev.o3.proto.container.WriteChunkRequest;
import dev.o3.proto.hdds.BlockId;
import dev.o3.proto.hdds.ChunkInfo;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A write batch carries the small blocks of several keys in one Raft entry: every replica commits each container's
 * blocks of the entry together at the entry's index, a replay of the entry changes nothing, and a command that fails
 * (refused by the leader, invalid, or to a closed container) fails alone.
 */
class TestWriteBatches {
    private static final String PIPELINE = "pipeline-1";
    private static final BlockTokenSigner SIGNER =
            new BlockTokenSigner("secret", Clock.systemUTC(), Duration.ofHours(1));

    @TempDir
    Path base;

    private VolumeSet volumes;
    private ChunkStore chunks;

    @AfterEach
    void close() {
        if (volumes != null) {
            volumes.close();
        }
    }

    private ContainerHandler handler(Optional<BlockTokenSigner> tokens) {
        volumes = VolumeSet.open("test", List.of(base.resolve("v0")), 1 << 20, 0);
        chunks = new ChunkStore(new DatanodeMetrics(), false, false);
        return new ContainerHandler("test", ContainerSet.load("test", volumes), chunks, new BlockAccess(tokens));
    }

    @Test
    void eachBlockOfABatchIsCommittedWithItsDataAtTheEntrysIndex() throws Exception {
        ContainerHandler handler = handler(Optional.empty());

        ContainerCommandResponse response = handler.apply(
                batch(smallBlock(1, 101, "one"), smallBlock(2, 201, "two"), smallBlock(1, 102, "three")), 17);

        assertThat(response.getResult()).isEqualTo(ContainerResult.SUCCESS);
        assertThat(response.getWriteBatch().getResponsesList())
                .extracting(ContainerCommandResponse::getResult)
                .containsExactly(ContainerResult.SUCCESS, ContainerResult.SUCCESS, ContainerResult.SUCCESS);
        assertThat(response.getWriteBatch().getResponsesList())
                .extracting(single -> single.getPutBlock().getBlockCommitSequenceId())
                .containsOnly(17L);
        assertThat(read(handler, 1, 101)).isEqualTo("one");
        assertThat(read(handler, 2, 201)).isEqualTo("two");
        assertThat(read(handler, 1, 102)).isEqualTo("three");
        Container first = handler.containers().get(1);
        assertThat(first.record().bcsid()).isEqualTo(17);
        assertThat(first.record().blockCount()).isEqualTo(2);
        assertThat(first.record().usedBytes()).isEqualTo("one".length() + "three".length());
    }

    @Test
    void aReplayedBatchChangesNothingAndAnswersTheStoredBlocks() throws Exception {
        ContainerHandler handler = handler(Optional.empty());
        ContainerCommandRequest batch = batch(smallBlock(1, 101, "one"), smallBlock(1, 102, "two"));
        handler.apply(batch, 17);

        ContainerCommandResponse replayed = handler.apply(batch, 17);

        assertThat(replayed.getWriteBatch().getResponsesList())
                .extracting(single -> single.getPutBlock().getBlockCommitSequenceId())
                .containsExactly(17L, 17L);
        ContainerRecord record = handler.containers().get(1).record();
        assertThat(record.blockCount()).as("not counted twice").isEqualTo(2);
        assertThat(record.usedBytes()).isEqualTo("one".length() + "two".length());
    }

    @Test
    void aCommandTheLeaderRefusesIsLoggedAsItsRefusalAndTheOthersAreApplied() throws Exception {
        ContainerHandler handler = handler(Optional.of(SIGNER));
        ContainerCommandRequest good = withToken(smallBlock(1, 101, "mine"), 1, 101);
        ContainerCommandRequest forged = withToken(smallBlock(1, 102, "not mine"), 1, 999);

        ContainerCommandRequest logged = handler.admit(batch(good, forged)).orElseThrow();
        ContainerCommandResponse response = handler.apply(logged, 5);

        assertThat(logged.getWriteBatch().getCommands(1).hasWriteChunk())
                .as("the refused command's data stays out of the log")
                .isFalse();
        assertThat(response.getWriteBatch().getResponses(0).getResult()).isEqualTo(ContainerResult.SUCCESS);
        assertThat(response.getWriteBatch().getResponses(1).getResult())
                .isEqualTo(ContainerResult.BLOCK_TOKEN_VERIFICATION_FAILED);
        assertThat(read(handler, 1, 101)).isEqualTo("mine");
        assertThat(handler.containers().get(1).record().blockCount()).isEqualTo(1);
        assertThat(handler.admit(batch(good)))
                .as("nothing refused: logged as sent")
                .isEmpty();
    }

    @Test
    void aCommandThatIsNotAWholeSmallBlockFailsAlone() throws Exception {
        ContainerHandler handler = handler(Optional.empty());
        ContainerCommandRequest putBlockAlone = ContainerCommandRequest.newBuilder()
                .setContainerId(1)
                .setPutBlock(PutBlockRequest.newBuilder().setBlock(block(1, 103, chunk(103, 4))))
                .build();

        ContainerCommandResponse response = handler.apply(batch(smallBlock(1, 101, "kept"), putBlockAlone), 9);

        assertThat(response.getWriteBatch().getResponsesList())
                .extracting(ContainerCommandResponse::getResult)
                .containsExactly(ContainerResult.SUCCESS, ContainerResult.INVALID_ARGUMENT);
        assertThat(read(handler, 1, 101)).isEqualTo("kept");
    }

    @Test
    void theBlocksOfAClosedContainerFailAndThoseOfAnOpenOneAreCommitted() throws Exception {
        ContainerHandler handler = handler(Optional.empty());
        handler.containers().getOrCreate(2, PIPELINE).transition(ReplicaState.CLOSED);

        ContainerCommandResponse response =
                handler.apply(batch(smallBlock(2, 201, "late"), smallBlock(1, 101, "on time")), 11);

        assertThat(response.getWriteBatch().getResponsesList())
                .extracting(ContainerCommandResponse::getResult)
                .containsExactly(ContainerResult.CONTAINER_NOT_OPEN, ContainerResult.SUCCESS);
        assertThat(read(handler, 1, 101)).isEqualTo("on time");
        assertThat(handler.containers().get(2).record().blockCount()).isZero();
    }

    private String read(ContainerHandler handler, long containerId, long localId) throws Exception {
        Container container = handler.containers().get(containerId);
        int length = Math.toIntExact(container.block(localId).getSize());
        return StandardCharsets.UTF_8
                .decode(chunks.read(container, localId, 0, length))
                .toString();
    }

    private static ContainerCommandRequest batch(ContainerCommandRequest... commands) {
        return ContainerCommandRequest.newBuilder()
                .setPipelineId(PIPELINE)
                .setWriteBatch(WriteBatchRequest.newBuilder().addAllCommands(List.of(commands)))
                .build();
    }

    private static ContainerCommandRequest smallBlock(long containerId, long localId, String text) {
        ByteString data = ByteString.copyFromUtf8(text);
        ChunkInfo chunk = chunk(localId, data.size());
        return ContainerCommandRequest.newBuilder()
                .setContainerId(containerId)
                .setPipelineId(PIPELINE)
                .setWriteChunk(WriteChunkRequest.newBuilder()
                        .setBlockId(blockId(containerId, localId))
                        .setChunk(chunk)
                        .setData(data)
                        .setPutBlock(PutBlockRequest.newBuilder()
                                .setBlock(block(containerId, localId, chunk))
                                .setEof(true)))
                .build();
    }

    private static ContainerCommandRequest withToken(ContainerCommandRequest command, long containerId, long localId) {
        return command.toBuilder()
                .setBlockToken(SIGNER.sign(blockId(containerId, localId), Mode.WRITE, "alice"))
                .build();
    }

    private static BlockData block(long containerId, long localId, ChunkInfo chunk) {
        return BlockData.newBuilder()
                .setBlockId(blockId(containerId, localId))
                .addChunks(chunk)
                .setSize(chunk.getLength())
                .build();
    }

    private static ChunkInfo chunk(long localId, int length) {
        return ChunkInfo.newBuilder()
                .setChunkName(localId + "_chunk_1")
                .setOffset(0)
                .setLength(length)
                .build();
    }

    private static BlockId blockId(long containerId, long localId) {
        return BlockId.newBuilder()
                .setContainerId(containerId)
                .setLocalId(localId)
                .build();
    }
}
