package dev.o3.om.scm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import dev.o3.proto.hdds.BlockId;
import dev.o3.proto.hdds.DatanodeDetails;
import dev.o3.proto.hdds.Pipeline;
import dev.o3.proto.hdds.ReplicationConfig;
import dev.o3.proto.hdds.ReplicationFactor;
import dev.o3.proto.scm.AllocatedBlock;
import dev.o3.proto.scm.BlockLease;
import dev.o3.proto.scm.ExcludeList;
import dev.o3.proto.scm.LeaseRemainder;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

class TestBlockLeases {
    private static final long LEASE = 64 * 4096;
    private static final long KEY = 4096;
    private static final ReplicationConfig THREE =
            ReplicationConfig.newBuilder().setFactor(ReplicationFactor.THREE).build();

    private final List<LeaseCall> leaseCalls = new ArrayList<>();
    private final List<LeaseRemainder> released = new ArrayList<>();
    private final List<CompletableFuture<List<AllocatedBlock>>> plainCalls = new ArrayList<>();
    private long now;
    private final BlockLeases leases = new BlockLeases(
            new BlockLeases.Leaser() {
                @Override
                public CompletableFuture<List<BlockLease>> lease(
                        long bytes, int ids, int count, ReplicationConfig replication) {
                    LeaseCall call = new LeaseCall(bytes, ids, count, new CompletableFuture<>());
                    leaseCalls.add(call);
                    return call.answer();
                }

                @Override
                public void release(List<LeaseRemainder> remainders) {
                    released.addAll(remainders);
                }
            },
            (size, count, replication, owner, exclude) -> {
                CompletableFuture<List<AllocatedBlock>> call = new CompletableFuture<>();
                plainCalls.add(call);
                return call;
            },
            LEASE,
            Duration.ofSeconds(30),
            () -> now);

    @Test
    void keysUpToOneSixtyFourthOfALeaseTakeLeasedBlocks() {
        assertThat(leases.serves(LEASE / 64)).isTrue();
        assertThat(leases.serves(LEASE / 64 + 1)).isFalse();
        assertThat(leases.serves(0)).as("a key of unknown size").isFalse();
    }

    @Test
    void oneCallLeasesBlocksForManyKeysWhichTakeTheLeasesInTurn() {
        CompletableFuture<List<AllocatedBlock>> first = leases.allocate(KEY, THREE, "alice");
        assertThat(first).as("no lease yet: waits for the call").isNotDone();
        assertThat(leaseCalls).singleElement().satisfies(call -> {
            assertThat(call.count()).isEqualTo(BlockLeases.LEASES);
            assertThat(call.bytes()).isEqualTo(LEASE);
            assertThat(call.ids()).isEqualTo(64);
        });

        leaseCalls.get(0).grant(lease(1, 100), lease(2, 200));

        assertThat(block(first)).isEqualTo(id(1, 100));
        assertThat(block(leases.allocate(KEY, THREE, "bob"))).isEqualTo(id(2, 200));
        assertThat(block(leases.allocate(KEY, THREE, "alice"))).isEqualTo(id(1, 101));
        assertThat(block(leases.allocate(KEY, THREE, "alice"))).isEqualTo(id(2, 201));
        assertThat(leaseCalls)
                .as("two fresh leases of eight: more asked for, while keys are served")
                .hasSize(2);
        assertThat(leaseCalls.get(1).count()).isEqualTo(BlockLeases.LEASES - 2);
        assertThat(plainCalls).isEmpty();
    }

    @Test
    void leasesSmallerThanAskedForAreFreshByTheirOwnSizeSoEightOfThemNeedNoFurtherCall() {
        CompletableFuture<List<AllocatedBlock>> first = leases.allocate(KEY, THREE, "alice");
        BlockLease[] granted = new BlockLease[BlockLeases.LEASES];
        for (int i = 0; i < granted.length; i++) {
            granted[i] = lease(i + 1, 100L * (i + 1), LEASE / 4);
        }
        leaseCalls.get(0).grant(granted);

        assertThat(block(first)).isEqualTo(id(1, 100));
        for (int i = 0; i < 8; i++) {
            assertThat(leases.allocate(KEY, THREE, "alice")).isCompleted();
        }
        assertThat(leaseCalls).hasSize(1);
    }

    @Test
    void aLeaseWithoutRoomForAKeyEndsAndItsUnusedBytesGoBackToScm() {
        CompletableFuture<List<AllocatedBlock>> first = leases.allocate(LEASE / 64, THREE, "alice");
        leaseCalls.get(0).grant(lease(1, 100, LEASE / 64 + 100));

        assertThat(block(first)).isEqualTo(id(1, 100));
        assertThat(released).isEmpty();
        CompletableFuture<List<AllocatedBlock>> second = leases.allocate(LEASE / 64, THREE, "alice");

        assertThat(second)
                .as("no lease left with room: waits for the next call")
                .isNotDone();
        assertThat(released).singleElement().satisfies(remainder -> {
            assertThat(remainder.getContainerId()).isEqualTo(1);
            assertThat(remainder.getBytes()).isEqualTo(100);
        });
        leaseCalls.get(1).grant(lease(5, 500));
        assertThat(block(second)).isEqualTo(id(5, 500));
    }

    @Test
    void aLeaseOlderThanItsLifetimeTakesNoMoreKeysAndIsReleased() {
        CompletableFuture<List<AllocatedBlock>> first = leases.allocate(KEY, THREE, "alice");
        leaseCalls.get(0).grant(lease(1, 100));
        assertThat(block(first)).isEqualTo(id(1, 100));

        now += Duration.ofSeconds(30).toNanos();
        CompletableFuture<List<AllocatedBlock>> late = leases.allocate(KEY, THREE, "alice");

        assertThat(late).isNotDone();
        assertThat(released).singleElement().satisfies(remainder -> assertThat(remainder.getBytes())
                .isEqualTo(LEASE - KEY));
        leaseCalls.get(leaseCalls.size() - 1).grant(lease(2, 200));
        assertThat(block(late)).isEqualTo(id(2, 200));
    }

    @Test
    void keysWaitingForAFailedLeaseCallAndThoseSoonAfterTakePlainAllocationsWhichReportTheirOwnOutcome() {
        CompletableFuture<List<AllocatedBlock>> first = leases.allocate(KEY, THREE, "alice");
        CompletableFuture<List<AllocatedBlock>> second = leases.allocate(KEY, THREE, "alice");
        assertThat(leaseCalls).hasSize(1);

        leaseCalls.get(0).answer().completeExceptionally(new ScmUnavailableException("safe mode", null));

        assertThat(plainCalls).hasSize(2);
        plainCalls
                .get(0)
                .complete(List.of(
                        AllocatedBlock.newBuilder().setBlockId(id(9, 900)).build()));
        RuntimeException refused = new IllegalStateException("no room");
        plainCalls.get(1).completeExceptionally(refused);
        assertThat(block(first)).isEqualTo(id(9, 900));
        assertThat(second).isCompletedExceptionally();

        assertThat(leases.allocate(KEY, THREE, "alice")).isNotDone();
        assertThat(plainCalls)
                .as("soon after, keys go plain without asking for a lease")
                .hasSize(3);
        assertThat(leaseCalls).hasSize(1);

        now += BlockLeases.RETRY_AFTER.toNanos();
        CompletableFuture<List<AllocatedBlock>> later = leases.allocate(KEY, THREE, "alice");
        assertThat(leaseCalls).as("later, a key asks for leases again").hasSize(2);
        leaseCalls.get(1).grant(lease(3, 300));
        assertThat(block(later)).isEqualTo(id(3, 300));
    }

    @Test
    void aRetryThatExcludesALeasesPipelineOrDatanodeEndsThatLease() {
        CompletableFuture<List<AllocatedBlock>> first = leases.allocate(KEY, THREE, "alice");
        leaseCalls.get(0).grant(lease(1, 100), lease(2, 200), lease(3, 300));
        assertThat(block(first)).isEqualTo(id(1, 100));

        leases.drop(ExcludeList.newBuilder().addPipelineIds("pipeline-2").build());
        leases.drop(ExcludeList.newBuilder().addDatanodeUuids("dn-of-3").build());

        assertThat(released).extracting(LeaseRemainder::getContainerId).containsExactly(2L, 3L);
        assertThat(block(leases.allocate(KEY, THREE, "alice"))).isEqualTo(id(1, 101));
        assertThat(block(leases.allocate(KEY, THREE, "alice"))).isEqualTo(id(1, 102));
    }

    @Test
    void endingAllLeasesReturnsWhatEachDidNotUseAndLaterKeysAskAgain() {
        CompletableFuture<List<AllocatedBlock>> first = leases.allocate(KEY, THREE, "alice");
        leaseCalls.get(0).grant(lease(1, 100), lease(2, 200));
        assertThat(block(first)).isEqualTo(id(1, 100));

        assertThat(leases.endAll())
                .extracting(LeaseRemainder::getContainerId, LeaseRemainder::getBytes)
                .containsExactly(tuple(1L, LEASE - KEY), tuple(2L, LEASE));
        leaseCalls.get(1).grant(lease(3, 300));
        assertThat(block(leases.allocate(KEY, THREE, "alice"))).isEqualTo(id(3, 300));
    }

    private static BlockLease lease(long container, long firstLocalId) {
        return lease(container, firstLocalId, LEASE);
    }

    private static BlockLease lease(long container, long firstLocalId, long bytes) {
        return BlockLease.newBuilder()
                .setContainerId(container)
                .setFirstLocalId(firstLocalId)
                .setIds(64)
                .setBytes(bytes)
                .setPipeline(Pipeline.newBuilder()
                        .setId("pipeline-" + container)
                        .addMembers(DatanodeDetails.newBuilder().setUuid("dn-of-" + container)))
                .build();
    }

    private static BlockId id(long container, long localId) {
        return BlockId.newBuilder()
                .setContainerId(container)
                .setLocalId(localId)
                .build();
    }

    private static BlockId block(CompletableFuture<List<AllocatedBlock>> allocation) {
        assertThat(allocation).isCompleted();
        return allocation.join().get(0).getBlockId();
    }

    private record LeaseCall(long bytes, int ids, int count, CompletableFuture<List<BlockLease>> answer) {
        void grant(BlockLease... leases) {
            answer.complete(List.of(leases));
        }
    }
}
