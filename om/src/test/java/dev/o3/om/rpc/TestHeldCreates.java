package dev.o3.om.rpc;

import static dev.o3.om.testing.Namespace.ADMIN;
import static org.assertj.core.api.Assertions.assertThat;

import dev.o3.om.apply.AppliedTransaction;
import dev.o3.om.db.OmSchema;
import dev.o3.om.db.RowKeys;
import dev.o3.om.request.Caller;
import dev.o3.om.testing.Namespace;
import dev.o3.om.testing.Poll;
import dev.o3.proto.hdds.BlockId;
import dev.o3.proto.hdds.BlockLocation;
import dev.o3.proto.om.AllocateBlockRequest;
import dev.o3.proto.om.BucketLayout;
import dev.o3.proto.om.CommitKeyRequest;
import dev.o3.proto.om.CreateKeyRequest;
import dev.o3.proto.om.CreateKeyResponse;
import dev.o3.proto.om.DeleteBucketRequest;
import dev.o3.proto.om.OmStatus;
import dev.o3.proto.om.OmTransaction;
import dev.o3.proto.om.OmTransaction.RequestCase;
import dev.o3.proto.om.OmTransactionReply;
import dev.o3.proto.om.RequestId;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Single-block creates answered at once and logged with their commits ({@link HeldCreates}), on a real namespace. */
class TestHeldCreates {
    private static final Caller ADMIN_CALLER = new Caller(ADMIN, true);
    private static final Duration LONG_HOLD = Duration.ofMinutes(5);

    @TempDir
    Path directory;

    /** Every entry logged, as the request kinds it held, in log order. */
    private final List<List<RequestCase>> entries = Collections.synchronizedList(new ArrayList<>());

    @Test
    void aSmallKeysCreateIsAnsweredAtOnceAndLoggedInOneEntryWithItsCommit() throws Exception {
        try (Namespace namespace = namespace()) {
            HeldCreates creates = creates(namespace, LONG_HOLD, true);

            AppliedTransaction created =
                    creates.log(create(namespace, "obs", "a", 11, 1)).join();

            assertThat(created.error()).isEmpty();
            CreateKeyResponse response = (CreateKeyResponse) created.response().orElseThrow();
            assertThat(response.getClientId()).isEqualTo(11);
            assertThat(response.getKey().getBlocksList()).hasSize(1);
            assertThat(entries).as("nothing logged before the commit").isEmpty();
            assertThat(creates.size()).isEqualTo(1);

            AppliedTransaction committed =
                    creates.log(commit(namespace, "a", 11)).join();

            assertThat(committed.error()).isEmpty();
            assertThat(entries).containsExactly(List.of(RequestCase.CREATE_KEY, RequestCase.COMMIT_KEY));
            assertThat(namespace.store().get(OmSchema.KEYS, RowKeys.key("vol", "obs", "a")))
                    .isPresent();
            assertThat(namespace.store().get(OmSchema.OPEN_KEYS, RowKeys.openKey("vol", "obs", "a", 11)))
                    .isEmpty();
            assertThat(creates.size()).isZero();
        }
    }

    @Test
    void aCreateTheChecksRefuseIsAnsweredWithoutALogEntry() throws Exception {
        try (Namespace namespace = namespace()) {
            HeldCreates creates = creates(namespace, LONG_HOLD, true);

            AppliedTransaction refused =
                    creates.log(create(namespace, "missing", "a", 12, 1)).join();

            assertThat(refused.error().orElseThrow().getStatus()).isEqualTo(OmStatus.BUCKET_NOT_FOUND);
            assertThat(entries).isEmpty();
            assertThat(creates.size()).isZero();
        }
    }

    @Test
    void aCreateRefusedWhenAppliedIsTheAnswerToItsCommit() throws Exception {
        try (Namespace namespace = namespace()) {
            HeldCreates creates = creates(namespace, LONG_HOLD, true);
            assertThat(creates.log(create(namespace, "obs", "a", 13, 1)).join().error())
                    .isEmpty();
            assertThat(namespace.status(
                            ADMIN,
                            t -> t.setDeleteBucket(DeleteBucketRequest.newBuilder()
                                    .setVolume("vol")
                                    .setName("obs"))))
                    .isEqualTo(OmStatus.OK);

            AppliedTransaction committed =
                    creates.log(commit(namespace, "a", 13)).join();

            assertThat(committed.error().orElseThrow().getStatus())
                    .as("the create's refusal, not the commit's KEY_NOT_FOUND")
                    .isEqualTo(OmStatus.BUCKET_NOT_FOUND);
            assertThat(entries).containsExactly(List.of(RequestCase.CREATE_KEY, RequestCase.COMMIT_KEY));
        }
    }

    @Test
    void aCreateNotCommittedWithinTheHoldIsLoggedAloneAndItsLateCommitStillWorks() throws Exception {
        try (Namespace namespace = namespace()) {
            HeldCreates creates = creates(namespace, Duration.ofMillis(50), true);
            assertThat(creates.log(create(namespace, "obs", "a", 14, 1)).join().error())
                    .isEmpty();

            Poll.until(Duration.ofSeconds(30), () -> !entries.isEmpty(), "the held create to be logged");

            assertThat(entries).containsExactly(List.of(RequestCase.CREATE_KEY));
            assertThat(namespace.store().get(OmSchema.OPEN_KEYS, RowKeys.openKey("vol", "obs", "a", 14)))
                    .as("an open key the clean-up service will find if the client never commits")
                    .isPresent();
            assertThat(creates.log(commit(namespace, "a", 14)).join().error()).isEmpty();
            assertThat(entries).containsExactly(List.of(RequestCase.CREATE_KEY), List.of(RequestCase.COMMIT_KEY));
        }
    }

    @Test
    void anAllocateBlockHasTheHeldCreateLoggedBeforeItIsPrepared() throws Exception {
        try (Namespace namespace = namespace()) {
            HeldCreates creates = creates(namespace, LONG_HOLD, true);
            assertThat(creates.log(create(namespace, "obs", "a", 15, 1)).join().error())
                    .isEmpty();

            CompletableFuture<Void> settled = creates.beforePreparation(AllocateBlockRequest.newBuilder()
                    .setVolume("vol")
                    .setBucket("obs")
                    .setName("a")
                    .setClientId(15)
                    .build());

            settled.join();
            assertThat(entries).containsExactly(List.of(RequestCase.CREATE_KEY));
            assertThat(namespace.store().get(OmSchema.OPEN_KEYS, RowKeys.openKey("vol", "obs", "a", 15)))
                    .isPresent();
            assertThat(creates.beforePreparation(
                            AllocateBlockRequest.newBuilder().setClientId(99).build()))
                    .as("a session that holds nothing waits for nothing")
                    .isDone();
        }
    }

    @Test
    void createsOfSeveralBlocksWithHoldingOffOrOnAnOmOfSeveralAreLoggedAtOnce() throws Exception {
        try (Namespace namespace = namespace()) {
            HeldCreates creates = creates(namespace, LONG_HOLD, true);
            HeldCreates off = creates(namespace, Duration.ZERO, true);
            HeldCreates ofSeveral = creates(namespace, LONG_HOLD, false);

            assertThat(creates.log(create(namespace, "obs", "big", 16, 2))
                            .join()
                            .error())
                    .isEmpty();
            assertThat(off.log(create(namespace, "obs", "small", 17, 1)).join().error())
                    .isEmpty();
            assertThat(ofSeveral
                            .log(create(namespace, "obs", "replicated", 19, 1))
                            .join()
                            .error())
                    .as("with other OMs a failover would fail the commits of held creates")
                    .isEmpty();

            assertThat(entries)
                    .containsExactly(
                            List.of(RequestCase.CREATE_KEY),
                            List.of(RequestCase.CREATE_KEY),
                            List.of(RequestCase.CREATE_KEY));
            assertThat(namespace.store().get(OmSchema.OPEN_KEYS, RowKeys.openKey("vol", "obs", "big", 16)))
                    .isPresent();
            assertThat(namespace.store().get(OmSchema.OPEN_KEYS, RowKeys.openKey("vol", "obs", "small", 17)))
                    .isPresent();
            assertThat(namespace.store().get(OmSchema.OPEN_KEYS, RowKeys.openKey("vol", "obs", "replicated", 19)))
                    .isPresent();
        }
    }

    @Test
    void aHeldCreateIsLoggedWithoutTheClientsRequestId() throws Exception {
        try (Namespace namespace = namespace()) {
            List<OmTransaction> logged = Collections.synchronizedList(new ArrayList<>());
            HeldCreates creates = new HeldCreates(
                    transactions -> {
                        logged.addAll(transactions);
                        return log(namespace, transactions);
                    },
                    namespace::store,
                    LONG_HOLD,
                    () -> true);
            OmTransaction create = create(namespace, "obs", "a", 18, 1).toBuilder()
                    .setRequestId(RequestId.newBuilder()
                            .setClientMostBits(1)
                            .setClientLeastBits(2)
                            .setCallId(1))
                    .build();

            creates.log(create).join();
            creates.log(commit(namespace, "a", 18)).join();

            assertThat(logged.get(0).hasRequestId())
                    .as("a retried CreateKey is a new session; the retry cache must not answer it with this one")
                    .isFalse();
        }
    }

    private HeldCreates creates(Namespace namespace, Duration hold, boolean alone) {
        return new HeldCreates(transactions -> log(namespace, transactions), namespace::store, hold, () -> alone);
    }

    private Namespace namespace() {
        Namespace namespace = new Namespace(directory);
        namespace.volume("vol");
        namespace.bucket("vol", "obs", BucketLayout.OBJECT_STORE);
        return namespace;
    }

    private CompletableFuture<List<AppliedTransaction>> log(Namespace namespace, List<OmTransaction> transactions) {
        entries.add(transactions.stream().map(OmTransaction::getRequestCase).toList());
        List<AppliedTransaction> results = new ArrayList<>();
        for (OmTransactionReply reply : namespace.applyBatch(transactions)) {
            results.add(
                    reply.hasError()
                            ? AppliedTransaction.refused(reply.getError())
                            : AppliedTransaction.succeeded(reply));
        }
        return CompletableFuture.completedFuture(results);
    }

    private static OmTransaction create(Namespace namespace, String bucket, String name, long clientId, int blocks) {
        return namespace.transaction(ADMIN_CALLER, t -> {
            t.setClientId(clientId)
                    .setCreateKey(CreateKeyRequest.newBuilder()
                            .setVolume("vol")
                            .setBucket(bucket)
                            .setName(name)
                            .setSize(4096));
            for (int i = 0; i < blocks; i++) {
                t.addAllocatedBlocks(BlockLocation.newBuilder()
                        .setBlockId(BlockId.newBuilder().setContainerId(1).setLocalId(clientId * 10 + i)));
            }
        });
    }

    private static OmTransaction commit(Namespace namespace, String name, long clientId) {
        return namespace.transaction(
                ADMIN_CALLER,
                t -> t.setCommitKey(CommitKeyRequest.newBuilder()
                        .setVolume("vol")
                        .setBucket("obs")
                        .setName(name)
                        .setClientId(clientId)
                        .setSize(4096)
                        .setEtag("e")));
    }
}
