package dev.o3.client.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.protobuf.ByteString;
import dev.o3.common.container.ContainerCommandException;
import dev.o3.proto.container.ContainerCommandRequest;
import dev.o3.proto.container.ContainerCommandResponse;
import dev.o3.proto.container.ContainerResult;
import dev.o3.proto.container.PutBlockResponse;
import dev.o3.proto.container.WriteBatchResponse;
import dev.o3.proto.container.WriteChunkRequest;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * Small blocks go to their pipeline alone while it has room for another entry in flight, and together, as one write
 * batch, when they had to wait; each gets its own answer.
 */
class TestSmallBlockBatcher {
    /** What the batcher sent, each with the future the test completes as the pipeline would. */
    private final List<Sent> sent = new ArrayList<>();

    private record Sent(ContainerCommandRequest request, CompletableFuture<ContainerCommandResponse> answer) {}

    private SmallBlockBatcher batcher(int maxInFlight) {
        return new SmallBlockBatcher(
                request -> {
                    CompletableFuture<ContainerCommandResponse> answer = new CompletableFuture<>();
                    sent.add(new Sent(request, answer));
                    return answer;
                },
                maxInFlight);
    }

    @Test
    void blocksGoAloneWhileEntriesAreFreeAndTogetherWhenTheyWaited() {
        SmallBlockBatcher batcher = batcher(2);

        CompletableFuture<ContainerCommandResponse> first = batcher.submit(block(1));
        CompletableFuture<ContainerCommandResponse> second = batcher.submit(block(2));
        List<CompletableFuture<ContainerCommandResponse>> waiting = IntStream.rangeClosed(3, 5)
                .mapToObj(i -> batcher.submit(block(i)))
                .toList();

        assertThat(sent).hasSize(2);
        assertThat(sent.get(0).request().hasWriteChunk())
                .as("alone, as written")
                .isTrue();

        sent.get(0).answer().complete(success(1));

        assertThat(first).isCompletedWithValue(success(1));
        assertThat(sent).hasSize(3);
        ContainerCommandRequest batch = sent.get(2).request();
        assertThat(batch.getWriteBatch().getCommandsList())
                .extracting(command -> command.getWriteChunk().getBlockId().getLocalId())
                .containsExactly(3L, 4L, 5L);
        assertThat(waiting).noneMatch(CompletableFuture::isDone);

        sent.get(2).answer().complete(batchAnswer(success(3), success(4), success(5)));

        assertThat(waiting).extracting(CompletableFuture::join).containsExactly(success(3), success(4), success(5));
        assertThat(second).isNotDone();
    }

    @Test
    void aBlockTheDatanodeRefusedFailsAloneWithItsResult() {
        SmallBlockBatcher batcher = batcher(1);
        var unused = batcher.submit(block(1));
        CompletableFuture<ContainerCommandResponse> refused = batcher.submit(block(2));
        CompletableFuture<ContainerCommandResponse> taken = batcher.submit(block(3));
        sent.get(0).answer().complete(success(1));

        sent.get(1)
                .answer()
                .complete(batchAnswer(
                        ContainerCommandResponse.newBuilder()
                                .setResult(ContainerResult.BLOCK_TOKEN_VERIFICATION_FAILED)
                                .setMessage("token expired")
                                .build(),
                        success(3)));

        assertThatThrownBy(refused::join)
                .isInstanceOf(CompletionException.class)
                .cause()
                .isInstanceOf(ContainerCommandException.class)
                .hasMessageContaining("BLOCK_TOKEN_VERIFICATION_FAILED: token expired");
        assertThat(taken).isCompletedWithValue(success(3));
    }

    @Test
    void aFailedEntryFailsEveryBlockInItAndTheNextBlocksStillGo() {
        SmallBlockBatcher batcher = batcher(1);
        var unused = batcher.submit(block(1));
        CompletableFuture<ContainerCommandResponse> second = batcher.submit(block(2));
        CompletableFuture<ContainerCommandResponse> third = batcher.submit(block(3));
        sent.get(0).answer().complete(success(1));

        sent.get(1).answer().completeExceptionally(new CompletionException(new IOException("pipeline gone")));

        assertThat(List.of(second, third)).allMatch(CompletableFuture::isCompletedExceptionally);
        CompletableFuture<ContainerCommandResponse> later = batcher.submit(block(4));
        assertThat(sent).hasSize(3);
        sent.get(2).answer().complete(success(4));
        assertThat(later).isCompletedWithValue(success(4));
    }

    @Test
    void aBatchHoldsAtMostItsCommandLimitAndTheRestGoesNext() {
        SmallBlockBatcher batcher = batcher(1);
        var unused = batcher.submit(block(0));
        int queued = SmallBlockBatcher.MAX_COMMANDS + 3;
        for (int i = 1; i <= queued; i++) {
            var ignored = batcher.submit(block(i));
        }

        sent.get(0).answer().complete(success(0));

        assertThat(sent.get(1).request().getWriteBatch().getCommandsCount()).isEqualTo(SmallBlockBatcher.MAX_COMMANDS);
        sent.get(1)
                .answer()
                .complete(batchAnswer(IntStream.rangeClosed(1, SmallBlockBatcher.MAX_COMMANDS)
                        .mapToObj(TestSmallBlockBatcher::success)
                        .toArray(ContainerCommandResponse[]::new)));
        assertThat(sent.get(2).request().getWriteBatch().getCommandsCount()).isEqualTo(3);
    }

    private static ContainerCommandRequest block(long localId) {
        return ContainerCommandRequest.newBuilder()
                .setContainerId(1)
                .setWriteChunk(WriteChunkRequest.newBuilder()
                        .setBlockId(dev.o3.proto.hdds.BlockId.newBuilder()
                                .setContainerId(1)
                                .setLocalId(localId))
                        .setData(ByteString.copyFromUtf8("block " + localId)))
                .build();
    }

    private static ContainerCommandResponse success(long bcsid) {
        return ContainerCommandResponse.newBuilder()
                .setResult(ContainerResult.SUCCESS)
                .setPutBlock(PutBlockResponse.newBuilder().setBlockCommitSequenceId(bcsid))
                .build();
    }

    private static ContainerCommandResponse batchAnswer(ContainerCommandResponse... responses) {
        return ContainerCommandResponse.newBuilder()
                .setResult(ContainerResult.SUCCESS)
                .setWriteBatch(WriteBatchResponse.newBuilder().addAllResponses(List.of(responses)))
                .build();
    }
}
