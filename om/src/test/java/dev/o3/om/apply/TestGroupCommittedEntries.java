package dev.o3.om.apply;

import static dev.o3.om.testing.Namespace.ADMIN;
import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.InvalidProtocolBufferException;
import dev.o3.om.db.OmSchema;
import dev.o3.om.db.RowKeys;
import dev.o3.om.request.Caller;
import dev.o3.om.testing.Namespace;
import dev.o3.proto.om.BucketLayout;
import dev.o3.proto.om.CommitKeyRequest;
import dev.o3.proto.om.CreateKeyRequest;
import dev.o3.proto.om.CreateKeyResponse;
import dev.o3.proto.om.KeyInfo;
import dev.o3.proto.om.OmStatus;
import dev.o3.proto.om.OmTransaction;
import dev.o3.proto.om.OmTransactionBatch;
import dev.o3.proto.om.OmTransactionReply;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Requests the leader logged together as one entry (group commit), applied by {@link TransactionApplier}. */
class TestGroupCommittedEntries {
    private static final Caller ADMIN_CALLER = new Caller(ADMIN, true);

    @TempDir
    Path directory;

    @Test
    void requestsOfOneEntryApplyInOrderAndSucceedOrFailAlone() throws Exception {
        try (Namespace namespace = new Namespace(directory)) {
            namespace.volume("vol");
            namespace.bucket("vol", "obs", BucketLayout.OBJECT_STORE);

            List<OmTransactionReply> replies = namespace.applyBatch(List.of(
                    create(namespace, "obs", "a", 11),
                    commit(namespace, "a", 11),
                    create(namespace, "missing", "x", 12),
                    commit(namespace, "never-created", 13),
                    create(namespace, "obs", "b", 14)));

            assertThat(replies)
                    .extracting(TestGroupCommittedEntries::status)
                    .containsExactly(
                            OmStatus.OK, OmStatus.OK, OmStatus.BUCKET_NOT_FOUND, OmStatus.KEY_NOT_FOUND, OmStatus.OK);
            assertThat(namespace.store().get(OmSchema.KEYS, RowKeys.key("vol", "obs", "a")))
                    .as("the commit saw the create before it in the same entry")
                    .isPresent();
            long a = created(replies.get(0)).getObjectId();
            long b = created(replies.get(4)).getObjectId();
            assertThat(b).as("object ids never repeat within an entry").isNotEqualTo(a);
            assertThat(a >>> 16).as("both derive from the entry's index").isEqualTo(b >>> 16);
        }
    }

    @Test
    void anEntryReachesRocksDbWholeAndSurvivesAReopen() throws Exception {
        AtomicInteger flushedEntries = new AtomicInteger();
        long entryIndex;
        try (Namespace namespace =
                new Namespace(directory, 10_000, (entries, rows, nanos) -> flushedEntries.addAndGet(entries))) {
            namespace.volume("vol");
            namespace.bucket("vol", "obs", BucketLayout.OBJECT_STORE);
            namespace.applyBatch(List.of(
                    create(namespace, "obs", "a", 21),
                    commit(namespace, "a", 21),
                    create(namespace, "obs", "b", 22),
                    commit(namespace, "b", 22)));
            entryIndex = namespace.lastIndex();
            namespace.awaitFlushed();
            assertThat(flushedEntries.get())
                    .as("one double-buffer slot per log entry")
                    .isEqualTo((int) entryIndex);
        }
        try (Namespace reopened = new Namespace(directory)) {
            assertThat(reopened.store().flushedAtOpen().getIndex()).isEqualTo(entryIndex);
            assertThat(reopened.store().get(OmSchema.KEYS, RowKeys.key("vol", "obs", "a")))
                    .isPresent();
            assertThat(reopened.store().get(OmSchema.KEYS, RowKeys.key("vol", "obs", "b")))
                    .isPresent();
        }
    }

    @Test
    void aBatchInsideABatchIsRefused() {
        try (Namespace namespace = new Namespace(directory)) {
            OmTransaction nested =
                    namespace.transaction(ADMIN_CALLER, t -> t.setBatch(OmTransactionBatch.getDefaultInstance()));
            assertThat(namespace.applyBatch(List.of(nested)))
                    .extracting(TestGroupCommittedEntries::status)
                    .containsExactly(OmStatus.INVALID_REQUEST);
        }
    }

    private static OmTransaction create(Namespace namespace, String bucket, String name, long clientId) {
        return namespace.transaction(ADMIN_CALLER, t -> t.setClientId(clientId)
                .setCreateKey(CreateKeyRequest.newBuilder()
                        .setVolume("vol")
                        .setBucket(bucket)
                        .setName(name)));
    }

    private static OmTransaction commit(Namespace namespace, String name, long clientId) {
        return namespace.transaction(
                ADMIN_CALLER,
                t -> t.setCommitKey(CommitKeyRequest.newBuilder()
                        .setVolume("vol")
                        .setBucket("obs")
                        .setName(name)
                        .setClientId(clientId)
                        .setEtag("e")));
    }

    private static OmStatus status(OmTransactionReply reply) {
        return reply.hasError() ? reply.getError().getStatus() : OmStatus.OK;
    }

    private static KeyInfo created(OmTransactionReply reply) throws InvalidProtocolBufferException {
        return CreateKeyResponse.parseFrom(reply.getResponse()).getKey();
    }
}
