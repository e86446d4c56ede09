package dev.o3.om.testing;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.Message;
import com.google.protobuf.Parser;
import dev.o3.om.apply.TransactionApplier;
import dev.o3.om.db.FlushListener;
import dev.o3.om.db.OmStore;
import dev.o3.om.request.Caller;
import dev.o3.proto.hdds.BlockId;
import dev.o3.proto.hdds.BlockLocation;
import dev.o3.proto.hdds.ReplicationConfig;
import dev.o3.proto.hdds.ReplicationFactor;
import dev.o3.proto.hdds.ReplicationType;
import dev.o3.proto.om.BucketInfo;
import dev.o3.proto.om.BucketLayout;
import dev.o3.proto.om.CommitKeyRequest;
import dev.o3.proto.om.CreateBucketRequest;
import dev.o3.proto.om.CreateKeyRequest;
import dev.o3.proto.om.CreateKeyResponse;
import dev.o3.proto.om.CreateVolumeRequest;
import dev.o3.proto.om.OmStatus;
import dev.o3.proto.om.OmTransaction;
import dev.o3.proto.om.OmTransactionBatch;
import dev.o3.proto.om.OmTransactionReply;
import dev.o3.proto.om.VolumeInfo;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

/**
 * The namespace without Ratis: a temp RocksDB store and the applier, fed transactions with increasing log indexes as
 * the state machine would. Helpers build the common requests. Not thread-safe; close it after the test.
 */
public final class Namespace implements AutoCloseable {
    public static final String ADMIN = "admin";

    /** Few enough that tests' keys share slots, so displaced rows are read from RocksDB again. */
    private static final int FLUSHED_ROWS = 64;

    private final OmStore store;
    private final TransactionApplier applier;
    private final AtomicLong index;
    private final AtomicLong blockIds = new AtomicLong();
    private long time = 1_700_000_000_000L;

    public Namespace(Path directory) {
        this(directory, 10_000, (transactions, rows, nanos) -> {});
    }

    public Namespace(Path directory, int maxUnflushed, FlushListener listener) {
        this.store = OmStore.open("test", directory, maxUnflushed, FLUSHED_ROWS, 8L << 20, listener, fault -> {
            throw new AssertionError("flush failed", fault);
        });
        // A reopened store continues the log where it left off, as Ratis would replay it.
        this.index = new AtomicLong(store.flushedAtOpen().getIndex());
        this.applier = new TransactionApplier("test", () -> store, "s3v", 5L << 20, () -> {});
    }

    public OmStore store() {
        return store;
    }

    public long lastIndex() {
        return index.get();
    }

    /** Applies a transaction as {@code user} (administrator when it is {@link #ADMIN}). */
    public OmTransactionReply apply(String user, Consumer<OmTransaction.Builder> request) {
        return apply(new Caller(user, user.equals(ADMIN)), request);
    }

    /** Applies a transaction as {@code caller}. */
    public OmTransactionReply apply(Caller caller, Consumer<OmTransaction.Builder> request) {
        return applier.apply(transaction(caller, request), 1, index.incrementAndGet())
                .toReply();
    }

    /** Applies the transactions as one group-committed log entry; one reply each, in order. */
    public List<OmTransactionReply> applyBatch(List<OmTransaction> transactions) {
        OmTransactionBatch batch =
                OmTransactionBatch.newBuilder().addAllTransactions(transactions).build();
        return applier.applyBatch(batch, 1, index.incrementAndGet()).toReply().getRepliesList();
    }

    /** A transaction of {@code caller}, stamped as the leader would. */
    public OmTransaction transaction(Caller caller, Consumer<OmTransaction.Builder> request) {
        OmTransaction.Builder transaction = OmTransaction.newBuilder()
                .setUser(caller.user())
                .setAdmin(caller.admin())
                .setAnonymous(caller.anonymous())
                .setTimeMillis(++time);
        request.accept(transaction);
        return transaction.build();
    }

    /** Applies and expects success; returns the parsed response. */
    public <R extends Message> R ok(String user, Parser<R> parser, Consumer<OmTransaction.Builder> request) {
        OmTransactionReply reply = apply(user, request);
        assertThat(reply.hasError()).as("error %s", reply.getError()).isFalse();
        try {
            return parser.parseFrom(reply.getResponse());
        } catch (InvalidProtocolBufferException e) {
            throw new AssertionError(e);
        }
    }

    /** Applies and returns the error status (OK when it succeeded). */
    public OmStatus status(String user, Consumer<OmTransaction.Builder> request) {
        return status(new Caller(user, user.equals(ADMIN)), request);
    }

    /** Applies as {@code caller} and returns the error status (OK when it succeeded). */
    public OmStatus status(Caller caller, Consumer<OmTransaction.Builder> request) {
        OmTransactionReply reply = apply(caller, request);
        return reply.hasError() ? reply.getError().getStatus() : OmStatus.OK;
    }

    public void volume(String name) {
        assertThat(status(
                        ADMIN,
                        t -> t.setCreateVolume(CreateVolumeRequest.newBuilder()
                                .setVolume(VolumeInfo.newBuilder().setName(name)))))
                .isEqualTo(OmStatus.OK);
    }

    public void bucket(String volume, String name, BucketLayout layout) {
        assertThat(status(
                        ADMIN,
                        t -> t.setCreateBucket(CreateBucketRequest.newBuilder()
                                .setBucket(BucketInfo.newBuilder()
                                        .setVolume(volume)
                                        .setName(name)
                                        .setLayout(layout)
                                        .setReplication(ReplicationConfig.newBuilder()
                                                .setType(ReplicationType.RATIS)
                                                .setFactor(ReplicationFactor.THREE))))))
                .isEqualTo(OmStatus.OK);
    }

    /** Creates and commits a key of {@code size} bytes with one block; returns the commit status. */
    public OmStatus key(String volume, String bucket, String name, long size) {
        return key(new Caller(ADMIN, true), volume, bucket, name, size, "");
    }

    /** Creates and commits a key as {@code caller} with a canned ACL (empty: none); returns the first failure. */
    public OmStatus key(Caller caller, String volume, String bucket, String name, long size, String acl) {
        long clientId = index.get() + 1_000_000;
        BlockLocation block = BlockLocation.newBuilder()
                .setBlockId(BlockId.newBuilder().setContainerId(1).setLocalId(blockIds.incrementAndGet()))
                .setLength(size)
                .build();
        OmTransactionReply created = apply(caller, t -> t.setClientId(clientId)
                .addAllocatedBlocks(block)
                .setCreateKey(CreateKeyRequest.newBuilder()
                        .setVolume(volume)
                        .setBucket(bucket)
                        .setName(name)
                        .setSize(size)
                        .setAcl(acl)));
        if (created.hasError()) {
            return created.getError().getStatus();
        }
        return status(
                caller,
                t -> t.setCommitKey(CommitKeyRequest.newBuilder()
                        .setVolume(volume)
                        .setBucket(bucket)
                        .setName(name)
                        .setClientId(clientId)
                        .setSize(size)
                        .addBlocks(block)
                        .setEtag("etag-" + name)));
    }

    public CreateKeyResponse parse(OmTransactionReply reply) throws InvalidProtocolBufferException {
        return CreateKeyResponse.parseFrom(reply.getResponse());
    }

    /** Waits until RocksDB holds every applied transaction. */
    public void awaitFlushed() throws InterruptedException {
        assertThat(store.doubleBuffer().awaitFlushed(index.get(), Duration.ofSeconds(30)))
                .isTrue();
    }

    @Override
    public void close() {
        store.close();
    }
}
