package dev.o3.om.scm;

import static org.assertj.core.api.Assertions.assertThat;

import dev.o3.proto.hdds.BlockId;
import dev.o3.proto.hdds.ReplicationConfig;
import dev.o3.proto.hdds.ReplicationFactor;
import dev.o3.proto.scm.AllocatedBlock;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

class TestAllocationBatcher {
    private static final long BLOCK = 1 << 20;
    private static final ReplicationConfig THREE =
            ReplicationConfig.newBuilder().setFactor(ReplicationFactor.THREE).build();

    private final List<Call> calls = new ArrayList<>();
    private final AllocationBatcher batcher = new AllocationBatcher((blockSize, count, replication, owner, exclude) -> {
        Call call = new Call(count, owner, new CompletableFuture<>());
        calls.add(call);
        return call.result();
    });

    @Test
    void aLoneRequestGoesOutAtOnce() {
        CompletableFuture<List<AllocatedBlock>> blocks = batcher.allocate(BLOCK, 2, THREE, "alice");

        assertThat(calls).singleElement().satisfies(call -> assertThat(call.count())
                .isEqualTo(2));
        calls.get(0).answer(0);
        assertThat(localIds(blocks)).containsExactly(0L, 1L);
    }

    @Test
    void requestsArrivingDuringACallShareTheNextOneAndGetTheirOwnBlocksInOrder() {
        CompletableFuture<List<AllocatedBlock>> first = batcher.allocate(BLOCK, 1, THREE, "alice");
        CompletableFuture<List<AllocatedBlock>> second = batcher.allocate(BLOCK, 2, THREE, "alice");
        CompletableFuture<List<AllocatedBlock>> third = batcher.allocate(BLOCK, 1, THREE, "alice");
        assertThat(calls).hasSize(1);

        calls.get(0).answer(100);

        assertThat(localIds(first)).containsExactly(100L);
        assertThat(calls).hasSize(2);
        assertThat(calls.get(1).count()).isEqualTo(3);
        calls.get(1).answer(200);
        assertThat(localIds(second)).containsExactly(200L, 201L);
        assertThat(localIds(third)).containsExactly(202L);

        assertThat(batcher.allocate(BLOCK, 1, THREE, "alice")).isNotDone();
        assertThat(calls).as("idle again: the next request goes out alone").hasSize(3);
    }

    @Test
    void ownersDoNotShareCalls() {
        assertThat(batcher.allocate(BLOCK, 1, THREE, "alice")).isNotDone();
        assertThat(batcher.allocate(BLOCK, 1, THREE, "bob")).isNotDone();

        assertThat(calls).extracting(Call::owner).containsExactly("alice", "bob");
    }

    @Test
    void aFailedCallFailsItsBatchAndTheNextBatchStillGoesOut() {
        CompletableFuture<List<AllocatedBlock>> first = batcher.allocate(BLOCK, 1, THREE, "alice");
        CompletableFuture<List<AllocatedBlock>> second = batcher.allocate(BLOCK, 1, THREE, "alice");

        calls.get(0).result().completeExceptionally(new ScmUnavailableException("down", null));

        assertThat(first).isCompletedExceptionally();
        assertThat(second).isNotDone();
        calls.get(1).answer(7);
        assertThat(localIds(second)).containsExactly(7L);
    }

    @Test
    void oneCallAsksForAtMostTheCap() {
        assertThat(batcher.allocate(BLOCK, 1, THREE, "alice")).isNotDone();
        for (int i = 0; i < 3; i++) {
            assertThat(batcher.allocate(BLOCK, AllocationBatcher.MAX_BLOCKS_PER_CALL / 2, THREE, "alice"))
                    .isNotDone();
        }

        calls.get(0).answer(0);

        assertThat(calls.get(1).count()).isEqualTo(AllocationBatcher.MAX_BLOCKS_PER_CALL);
    }

    private static List<Long> localIds(CompletableFuture<List<AllocatedBlock>> blocks) {
        assertThat(blocks).isDone();
        return blocks.join().stream()
                .map(block -> block.getBlockId().getLocalId())
                .toList();
    }

    private record Call(int count, String owner, CompletableFuture<List<AllocatedBlock>> result) {
        void answer(long firstLocalId) {
            result.complete(LongStream.range(firstLocalId, firstLocalId + count)
                    .mapToObj(id -> AllocatedBlock.newBuilder()
                            .setBlockId(BlockId.newBuilder().setContainerId(1).setLocalId(id))
                            .build())
                    .toList());
        }
    }
}
