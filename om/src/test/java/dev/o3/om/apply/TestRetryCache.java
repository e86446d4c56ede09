package dev.o3.om.apply;

import static dev.o3.om.testing.Namespace.ADMIN;
import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.ByteString;
import dev.o3.om.db.OmSchema;
import dev.o3.om.db.RowKeys;
import dev.o3.om.request.Caller;
import dev.o3.om.testing.Namespace;
import dev.o3.proto.om.BucketLayout;
import dev.o3.proto.om.CommitKeyRequest;
import dev.o3.proto.om.CreateKeyRequest;
import dev.o3.proto.om.CreateKeyResponse;
import dev.o3.proto.om.DelegationKeyRecord;
import dev.o3.proto.om.DeleteKeyRequest;
import dev.o3.proto.om.GetDelegationTokenRequest;
import dev.o3.proto.om.OmStatus;
import dev.o3.proto.om.OmTransaction;
import dev.o3.proto.om.OmTransactionReply;
import dev.o3.proto.om.RequestId;
import dev.o3.proto.om.RetryCacheLimits;
import dev.o3.proto.om.RotateDelegationKeyRequest;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The replicated retry cache through {@link TransactionApplier}: a request id applied once, whether its repeats come
 * in later log entries or in the same group-committed entry; replies expire by the leader's time and are bounded in
 * number, oldest first; all of it survives a reopen of the store.
 */
class TestRetryCache {
    private static final Caller ADMIN_CALLER = new Caller(ADMIN, true);
    private static final UUID CLIENT = UUID.fromString("00000000-0000-0000-0000-00000000c11e");
    private static final Duration EXPIRY = Duration.ofMinutes(10);
    private static final RetryCacheLimits LIMITS = limits(EXPIRY, 1000);

    @TempDir
    Path directory;

    @Test
    void aRetriedCommitIsAppliedOnceAndGetsTheFirstReply() {
        try (Namespace namespace = bucket()) {
            OmTransactionReply created = namespace
                    .applyBatch(List.of(create(namespace, "a", 11, 1, LIMITS)))
                    .get(0);
            OmTransactionReply committed = apply(namespace, commit(namespace, "a", 11, 2, LIMITS));
            assertThat(committed.hasError()).as("%s", committed.getError()).isFalse();

            // The retry of the commit (its first reply was lost) and of the create, which on a new leader came with a
            // new session id and new blocks.
            assertThat(apply(namespace, commit(namespace, "a", 11, 2, LIMITS))).isEqualTo(committed);
            assertThat(apply(namespace, create(namespace, "a", 99, 1, LIMITS))).isEqualTo(created);

            assertThat(namespace.store().get(OmSchema.OPEN_KEYS, RowKeys.openKey("vol", "obs", "a", 99)))
                    .as("the repeated create made no second session")
                    .isEmpty();
            assertThat(namespace.store().get(OmSchema.KEYS, RowKeys.key("vol", "obs", "a")))
                    .isPresent();
            assertThat(apply(namespace, commit(namespace, "a", 11, 3, LIMITS))
                            .getError()
                            .getStatus())
                    .as("a new call id is a new request")
                    .isEqualTo(OmStatus.KEY_NOT_FOUND);
        }
    }

    @Test
    void withoutARequestIdEveryRepeatIsApplied() {
        try (Namespace namespace = bucket()) {
            apply(namespace, namespace.transaction(ADMIN_CALLER, t -> createKey(t, "a", 11)));
            OmTransaction commit = namespace.transaction(ADMIN_CALLER, t -> commitKey(t, "a", 11));
            assertThat(apply(namespace, commit).hasError()).isFalse();
            assertThat(apply(namespace, commit).getError().getStatus()).isEqualTo(OmStatus.KEY_NOT_FOUND);
        }
    }

    @Test
    void aRefusalIsRecordedTooSoTheRetryHasNoEffectLater() {
        try (Namespace namespace = bucket()) {
            OmTransaction delete =
                    withId(namespace.transaction(ADMIN_CALLER, t -> t.setDeleteKey(deleteKey("a"))), 5, LIMITS);
            assertThat(apply(namespace, delete).getError().getStatus()).isEqualTo(OmStatus.KEY_NOT_FOUND);
            assertThat(namespace.key("vol", "obs", "a", 0)).isEqualTo(OmStatus.OK);

            assertThat(apply(namespace, delete).getError().getStatus())
                    .as("the retry answers as the first attempt did")
                    .isEqualTo(OmStatus.KEY_NOT_FOUND);
            assertThat(namespace.store().get(OmSchema.KEYS, RowKeys.key("vol", "obs", "a")))
                    .as("and does not delete the key created since")
                    .isPresent();
        }
    }

    @Test
    void aRefusalThatAsksForARetryIsNotRecordedSoTheRetryIsApplied() {
        try (Namespace namespace = bucket()) {
            OmTransaction getToken = withId(
                    namespace.transaction(
                            ADMIN_CALLER,
                            t -> t.setGetDelegationToken(GetDelegationTokenRequest.newBuilder()
                                    .setMaxLifetimeMillis(Duration.ofHours(1).toMillis())
                                    .setRenewIntervalMillis(
                                            Duration.ofMinutes(1).toMillis()))),
                    6,
                    LIMITS);
            assertThat(apply(namespace, getToken).getError().getStatus())
                    .as("no delegation key yet")
                    .isEqualTo(OmStatus.LEADER_NOT_READY);
            apply(
                    namespace,
                    namespace.transaction(
                            ADMIN_CALLER,
                            t -> t.setRotateDelegationKey(RotateDelegationKeyRequest.newBuilder()
                                    .setKey(DelegationKeyRecord.newBuilder()
                                            .setId(1)
                                            .setKey(ByteString.copyFrom(new byte[32]))
                                            .setExpiryMillis(Long.MAX_VALUE)))));

            OmTransactionReply retried = apply(namespace, getToken);
            assertThat(retried.hasError())
                    .as("the retry, once the key exists, is applied: %s", retried.getError())
                    .isFalse();
        }
    }

    @Test
    void repeatsInOneGroupCommittedEntryAndAcrossEntriesApplyOnce() throws Exception {
        try (Namespace namespace = bucket()) {
            List<OmTransactionReply> first = namespace.applyBatch(List.of(
                    create(namespace, "a", 11, 1, LIMITS),
                    create(namespace, "a", 12, 1, LIMITS),
                    create(namespace, "b", 13, 2, LIMITS),
                    commit(namespace, "a", 11, 3, LIMITS),
                    commit(namespace, "a", 11, 3, LIMITS)));
            assertThat(first).extracting(TestRetryCache::status).containsOnly(OmStatus.OK);
            assertThat(first.get(1)).isEqualTo(first.get(0));
            assertThat(first.get(4)).isEqualTo(first.get(3));
            assertThat(namespace.parse(first.get(2)).getKey().getObjectId())
                    .as("the cache's writes leave the entry's object ids alone")
                    .isNotEqualTo(namespace.parse(first.get(0)).getKey().getObjectId());

            List<OmTransactionReply> second = namespace.applyBatch(List.of(
                    commit(namespace, "b", 13, 4, LIMITS),
                    commit(namespace, "a", 11, 3, LIMITS),
                    create(namespace, "b", 14, 2, LIMITS)));
            assertThat(second).extracting(TestRetryCache::status).containsOnly(OmStatus.OK);
            assertThat(second.get(1)).isEqualTo(first.get(3));
            assertThat(second.get(2)).isEqualTo(first.get(2));
            assertThat(namespace.store().scan(OmSchema.OPEN_KEYS, "", "", 10))
                    .as("only the first create of each call opened a session, and both were committed")
                    .isEmpty();
        }
    }

    @Test
    void repliesExpireByTheLeadersTimeInTheEntry() {
        try (Namespace namespace = bucket()) {
            apply(namespace, create(namespace, "a", 11, 1, LIMITS));
            OmTransaction commit = commit(namespace, "a", 11, 2, LIMITS);
            assertThat(apply(namespace, commit).hasError()).isFalse();
            long committedAt = commit.getTimeMillis();

            OmTransaction justInTime = commit.toBuilder()
                    .setTimeMillis(committedAt + EXPIRY.toMillis())
                    .build();
            assertThat(apply(namespace, justInTime).hasError()).isFalse();
            assertThat(cached(namespace, 2)).isTrue();

            OmTransaction tooLate = commit.toBuilder()
                    .setTimeMillis(committedAt + EXPIRY.toMillis() + 1)
                    .build();
            assertThat(apply(namespace, tooLate).getError().getStatus())
                    .as("an expired reply is gone; the retry is applied again")
                    .isEqualTo(OmStatus.KEY_NOT_FOUND);
            assertThat(cached(namespace, 1)).as("the create expired with it").isFalse();
        }
    }

    @Test
    void theOldestRepliesGoBeyondTheMaximumCount() {
        RetryCacheLimits two = limits(EXPIRY, 2);
        try (Namespace namespace = bucket()) {
            apply(namespace, create(namespace, "a", 11, 1, two));
            apply(namespace, create(namespace, "b", 12, 2, two));
            assertThat(cached(namespace, 1)).isTrue();

            apply(namespace, create(namespace, "c", 13, 3, two));
            assertThat(cached(namespace, 1)).as("the oldest made room").isFalse();
            assertThat(cached(namespace, 2)).isTrue();
            assertThat(cached(namespace, 3)).isTrue();
            assertThat(status(apply(namespace, create(namespace, "a", 14, 1, two))))
                    .as("a retry of an evicted call is applied again")
                    .isEqualTo(OmStatus.OK);
            assertThat(namespace.store().get(OmSchema.OPEN_KEYS, RowKeys.openKey("vol", "obs", "a", 14)))
                    .isPresent();
        }
    }

    @Test
    void repliesAndTheirOrderSurviveAReopen() throws Exception {
        OmTransactionReply committed;
        OmTransaction commit;
        OmTransaction create;
        try (Namespace namespace = bucket()) {
            create = create(namespace, "a", 11, 1, LIMITS);
            apply(namespace, create);
            commit = commit(namespace, "a", 11, 2, LIMITS);
            committed = apply(namespace, commit);
            apply(namespace, create(namespace, "b", 12, 3, LIMITS));
            namespace.awaitFlushed();
        }
        try (Namespace reopened = new Namespace(directory)) {
            assertThat(apply(reopened, commit))
                    .as("a retry after a restart still gets the first reply")
                    .isEqualTo(committed);
            CreateKeyResponse again = reopened.parse(apply(reopened, create));
            assertThat(again.getClientId())
                    .as("typed response read back from RocksDB")
                    .isEqualTo(11);

            apply(reopened, create(reopened, "c", 13, 4, limits(EXPIRY, 2)));
            assertThat(cached(reopened, 1))
                    .as("evicted in log order after the reload")
                    .isFalse();
            assertThat(cached(reopened, 2)).isFalse();
            assertThat(cached(reopened, 3)).isTrue();
            assertThat(cached(reopened, 4)).isTrue();
        }
    }

    @Test
    void aCallIdReusedForAnotherKindOfRequestIsRefused() {
        try (Namespace namespace = bucket()) {
            apply(namespace, create(namespace, "a", 11, 1, LIMITS));
            OmTransaction delete =
                    withId(namespace.transaction(ADMIN_CALLER, t -> t.setDeleteKey(deleteKey("a"))), 1, LIMITS);
            assertThat(apply(namespace, delete).getError().getStatus()).isEqualTo(OmStatus.INVALID_REQUEST);
        }
    }

    private Namespace bucket() {
        Namespace namespace = new Namespace(directory);
        namespace.volume("vol");
        namespace.bucket("vol", "obs", BucketLayout.OBJECT_STORE);
        return namespace;
    }

    private static OmTransactionReply apply(Namespace namespace, OmTransaction transaction) {
        return namespace.applyBatch(List.of(transaction)).get(0);
    }

    private static boolean cached(Namespace namespace, long callId) {
        return namespace
                .store()
                .get(OmSchema.RETRY_CACHE, RetryCache.key(requestId(callId)))
                .isPresent();
    }

    private static OmTransaction create(
            Namespace namespace, String name, long session, long callId, RetryCacheLimits limits) {
        return withId(namespace.transaction(ADMIN_CALLER, t -> createKey(t, name, session)), callId, limits);
    }

    private static OmTransaction commit(
            Namespace namespace, String name, long session, long callId, RetryCacheLimits limits) {
        return withId(namespace.transaction(ADMIN_CALLER, t -> commitKey(t, name, session)), callId, limits);
    }

    private static void createKey(OmTransaction.Builder transaction, String name, long session) {
        transaction
                .setClientId(session)
                .setCreateKey(CreateKeyRequest.newBuilder()
                        .setVolume("vol")
                        .setBucket("obs")
                        .setName(name));
    }

    private static void commitKey(OmTransaction.Builder transaction, String name, long session) {
        transaction.setCommitKey(CommitKeyRequest.newBuilder()
                .setVolume("vol")
                .setBucket("obs")
                .setName(name)
                .setClientId(session)
                .setEtag("e"));
    }

    private static DeleteKeyRequest deleteKey(String name) {
        return DeleteKeyRequest.newBuilder()
                .setVolume("vol")
                .setBucket("obs")
                .setName(name)
                .build();
    }

    private static OmTransaction withId(OmTransaction transaction, long callId, RetryCacheLimits limits) {
        return transaction.toBuilder()
                .setRequestId(requestId(callId))
                .setRetryCacheLimits(limits)
                .build();
    }

    private static RequestId requestId(long callId) {
        return RequestId.newBuilder()
                .setClientMostBits(CLIENT.getMostSignificantBits())
                .setClientLeastBits(CLIENT.getLeastSignificantBits())
                .setCallId(callId)
                .build();
    }

    private static RetryCacheLimits limits(Duration expiry, int maxEntries) {
        return RetryCacheLimits.newBuilder()
                .setExpiryMillis(expiry.toMillis())
                .setMaxEntries(maxEntries)
                .build();
    }

    private static OmStatus status(OmTransactionReply reply) {
        return reply.hasError() ? reply.getError().getStatus() : OmStatus.OK;
    }
}
