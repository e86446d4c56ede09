package dev.o3.benchmarks.om;

import dev.o3.benchmarks.TempDirectory;
import dev.o3.common.config.CommonConfigKeys;
import dev.o3.common.config.OzoneConfiguration;
import dev.o3.om.apply.AppliedTransaction;
import dev.o3.om.apply.TransactionApplier;
import dev.o3.om.config.OmConfigKeys;
import dev.o3.om.db.OmStore;
import dev.o3.om.key.KeyReads;
import dev.o3.om.request.Caller;
import dev.o3.om.request.OmException;
import dev.o3.proto.hdds.BlockId;
import dev.o3.proto.hdds.BlockLocation;
import dev.o3.proto.hdds.DatanodeDetails;
import dev.o3.proto.hdds.Pipeline;
import dev.o3.proto.om.BucketInfo;
import dev.o3.proto.om.BucketLayout;
import dev.o3.proto.om.CommitKeyRequest;
import dev.o3.proto.om.CreateBucketRequest;
import dev.o3.proto.om.CreateKeyRequest;
import dev.o3.proto.om.CreateVolumeRequest;
import dev.o3.proto.om.KeyInfo;
import dev.o3.proto.om.OmTransaction;
import dev.o3.proto.om.RequestId;
import dev.o3.proto.om.RetryCacheLimits;
import dev.o3.proto.om.VolumeInfo;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicReference;

/**
 * OM's namespace without Ratis or gRPC: an {@link OmStore} (RocksDB and its double buffer) in a temporary directory
 * and the {@link TransactionApplier} the state machine calls, fed transactions with increasing log indexes. One
 * volume and one bucket of the given layout, owned by the one user who writes and reads the keys. Confined to one
 * thread, except for the store's own flusher; close it at the end of the trial.
 */
final class OmNamespace implements AutoCloseable {
    private static final String USER = "bench";
    private static final String VOLUME = "vol";
    private static final String BUCKET = "bucket";
    private static final long KEY_SIZE = 1 << 20;
    private static final Caller OWNER = new Caller(USER, false);
    private static final UUID CLIENT = UUID.randomUUID();

    private final TempDirectory directory;
    private final AtomicReference<Throwable> flushFailure = new AtomicReference<>();
    private final OmStore store;
    private final TransactionApplier applier;
    private final Pipeline pipeline = pipeline();
    private long index;
    private final RetryCacheLimits retryCacheLimits;
    private long timeMillis = 1_700_000_000_000L;
    private long callId;

    OmNamespace(BucketLayout layout) {
        this(layout, OzoneConfiguration.of(Map.of()).get(OmConfigKeys.FLUSHED_ROW_CACHE));
    }

    /** @param flushedRows key rows kept parsed after a RocksDB read ({@code ozone.om.key.cache.rows}) */
    OmNamespace(BucketLayout layout, int flushedRows) {
        OzoneConfiguration defaults = OzoneConfiguration.of(Map.of());
        retryCacheLimits = RetryCacheLimits.newBuilder()
                .setExpiryMillis(defaults.get(OmConfigKeys.RETRY_CACHE_EXPIRY).toMillis())
                .setMaxEntries(defaults.get(OmConfigKeys.RETRY_CACHE_MAX_ENTRIES))
                .build();
        directory = TempDirectory.create("o3-jmh-om");
        store = OmStore.open(
                "jmh",
                directory.path(),
                defaults.get(OmConfigKeys.UNFLUSHED_MAX),
                flushedRows,
                defaults.get(OmConfigKeys.DB_BLOCK_CACHE).bytes(),
                (transactions, rows, nanos) -> {},
                flushFailure::set);
        applier = new TransactionApplier(
                "jmh",
                () -> store,
                defaults.get(CommonConfigKeys.S3_VOLUME),
                defaults.get(OmConfigKeys.MULTIPART_MIN_PART_SIZE).bytes(),
                () -> {});
        check(apply(transaction()
                .setAdmin(true)
                .setCreateVolume(CreateVolumeRequest.newBuilder()
                        .setVolume(VolumeInfo.newBuilder().setName(VOLUME)))));
        check(apply(transaction()
                .setCreateBucket(CreateBucketRequest.newBuilder()
                        .setBucket(BucketInfo.newBuilder()
                                .setVolume(VOLUME)
                                .setName(BUCKET)
                                .setLayout(layout)))));
    }

    /**
     * Applies CreateKey (the open-key session with the block SCM allocated) and then CommitKey of a one-block key,
     * as two consecutive log entries.
     *
     * @param id the key's session id and block id, unique per key
     * @throws IllegalStateException when a request is refused or the flusher failed
     */
    AppliedTransaction createAndCommitKey(String name, long id) {
        return createAndCommitKey(name, id, false);
    }

    /**
     * As {@link #createAndCommitKey(String, long)}; with {@code requestIds} each request carries a client request id
     * and the default retry-cache limits, as every write from an O3 client does, so the retry cache records (and, once
     * full, evicts) a reply per request.
     */
    AppliedTransaction createAndCommitKey(String name, long id, boolean requestIds) {
        BlockLocation block = BlockLocation.newBuilder()
                .setBlockId(BlockId.newBuilder().setContainerId(1).setLocalId(id))
                .setLength(KEY_SIZE)
                .setPipeline(pipeline)
                .build();
        check(apply(withId(transaction(), requestIds)
                .setClientId(id)
                .addAllocatedBlocks(block)
                .setCreateKey(CreateKeyRequest.newBuilder()
                        .setVolume(VOLUME)
                        .setBucket(BUCKET)
                        .setName(name)
                        .setSize(KEY_SIZE))));
        return check(apply(withId(transaction(), requestIds)
                .setCommitKey(CommitKeyRequest.newBuilder()
                        .setVolume(VOLUME)
                        .setBucket(BUCKET)
                        .setName(name)
                        .setClientId(id)
                        .setSize(KEY_SIZE)
                        .addBlocks(block)
                        .setEtag(name))));
    }

    /**
     * Looks a committed key up as the leader serves a read.
     *
     * @throws OmException when the key does not exist
     */
    KeyInfo lookup(String name) throws OmException {
        return KeyReads.lookup(store, OWNER, VOLUME, BUCKET, name);
    }

    /**
     * Waits until RocksDB holds every applied transaction and the applied-state cache is empty again.
     *
     * @throws IllegalStateException when the flusher does not get there within a minute
     */
    void awaitFlushed() throws InterruptedException {
        if (!store.doubleBuffer().awaitFlushed(index, Duration.ofMinutes(1))) {
            throw new IllegalStateException("the flusher did not reach index " + index, flushFailure.get());
        }
    }

    @Override
    public void close() {
        store.close();
        directory.close();
    }

    private OmTransaction.Builder transaction() {
        return OmTransaction.newBuilder().setUser(USER).setTimeMillis(++timeMillis);
    }

    private OmTransaction.Builder withId(OmTransaction.Builder transaction, boolean requestIds) {
        if (!requestIds) {
            return transaction;
        }
        return transaction
                .setRequestId(RequestId.newBuilder()
                        .setClientMostBits(CLIENT.getMostSignificantBits())
                        .setClientLeastBits(CLIENT.getLeastSignificantBits())
                        .setCallId(++callId))
                .setRetryCacheLimits(retryCacheLimits);
    }

    private AppliedTransaction apply(OmTransaction.Builder transaction) {
        return applier.apply(transaction.build(), 1, ++index);
    }

    private AppliedTransaction check(AppliedTransaction reply) {
        if (reply.error().isPresent() || flushFailure.get() != null) {
            throw new IllegalStateException("transaction " + index + " failed: " + reply.error(), flushFailure.get());
        }
        return reply;
    }

    /** A three-datanode pipeline as SCM hands it out with every block. */
    private static Pipeline pipeline() {
        Pipeline.Builder pipeline = Pipeline.newBuilder()
                .setId("6d1d4c7e-0000-4000-8000-000000000001")
                .setLeaderId("dn-1")
                .setCreationTimeMillis(1_700_000_000_000L);
        for (int i = 1; i <= 3; i++) {
            pipeline.addMembers(DatanodeDetails.newBuilder()
                            .setUuid("dn-" + i)
                            .setHostName("datanode-" + i)
                            .setIpAddress("10.0.0." + i)
                            .setNetworkLocation("/rack" + (i % 2 + 1))
                            .setRatisPort(9858)
                            .setStandalonePort(9859)
                            .setReplicationPort(9886))
                    .addPriorities(i == 1 ? 1 : 0);
        }
        return pipeline.build();
    }
}
