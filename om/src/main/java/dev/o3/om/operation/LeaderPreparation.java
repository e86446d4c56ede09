package dev.o3.om.operation;

import dev.o3.om.db.OmSchema;
import dev.o3.om.db.OmStore;
import dev.o3.om.db.RowKeys;
import dev.o3.om.id.UniqueIdGenerator;
import dev.o3.om.key.OpenKeys;
import dev.o3.om.request.Caller;
import dev.o3.om.request.Lookups;
import dev.o3.om.request.OmException;
import dev.o3.om.scm.ScmBlockClient;
import dev.o3.om.security.DelegationTokenConfig;
import dev.o3.proto.hdds.BlockLocation;
import dev.o3.proto.hdds.ReplicationConfig;
import dev.o3.proto.hdds.ReplicationType;
import dev.o3.proto.om.AllocateBlockRequest;
import dev.o3.proto.om.BucketInfo;
import dev.o3.proto.om.BucketLayout;
import dev.o3.proto.om.CreateBucketRequest;
import dev.o3.proto.om.CreateKeyRequest;
import dev.o3.proto.om.CreateMultipartKeyRequest;
import dev.o3.proto.om.GetDelegationTokenRequest;
import dev.o3.proto.om.MultipartUploadRecord;
import dev.o3.proto.om.OmStatus;
import dev.o3.proto.om.OmTransaction;
import dev.o3.proto.om.OpenKeyRecord;
import dev.o3.proto.scm.AllocatedBlock;
import dev.o3.proto.scm.ExcludeList;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;

/**
 * The leader-only work done before a request enters the log (Ozone's preExecute): block allocation at SCM, session
 * and upload ids, generated secrets, defaults for bucket layout and replication, delegation-token lifetimes. Its
 * results travel in the log entry, so applying it is deterministic. Thread-safe.
 */
public final class LeaderPreparation {
    private final Supplier<OmStore> store;
    private final ScmBlockClient scm;
    private final long blockSize;
    private final ReplicationConfig defaultReplication;
    private final BucketLayout defaultLayout;
    private final String s3Volume;
    private final UniqueIdGenerator ids;
    private final Optional<DelegationTokenConfig> delegation;
    private final SecureRandom random = new SecureRandom();

    public LeaderPreparation(
            Supplier<OmStore> store,
            ScmBlockClient scm,
            long blockSize,
            ReplicationConfig defaultReplication,
            BucketLayout defaultLayout,
            String s3Volume,
            UniqueIdGenerator ids,
            Optional<DelegationTokenConfig> delegation) {
        this.store = store;
        this.scm = scm;
        this.blockSize = blockSize;
        this.defaultReplication = defaultReplication;
        this.defaultLayout = defaultLayout;
        this.s3Volume = s3Volume;
        this.ids = ids;
        this.delegation = delegation;
    }

    /** Stamps this leader's token lifetimes into the request; tokens exist only where calls are authenticated. */
    void delegationToken(GetDelegationTokenRequest request, Caller caller, OmTransaction.Builder transaction)
            throws OmException {
        DelegationTokenConfig config = delegation.orElseThrow(() -> new OmException(
                OmStatus.INVALID_REQUEST, "delegation tokens need secure mode (ozone.security.enabled)"));
        transaction.setGetDelegationToken(request.toBuilder()
                .setMaxLifetimeMillis(config.maxLifetime().toMillis())
                .setRenewIntervalMillis(config.renewInterval().toMillis()));
    }

    void createBucket(CreateBucketRequest request, Caller caller, OmTransaction.Builder transaction) {
        BucketInfo.Builder bucket = request.getBucket().toBuilder();
        if (bucket.getLayout() == BucketLayout.BUCKET_LAYOUT_UNSPECIFIED) {
            bucket.setLayout(bucket.getVolume().equals(s3Volume) ? BucketLayout.OBJECT_STORE : defaultLayout);
        }
        transaction.setCreateBucket(request.toBuilder().setBucket(bucket));
    }

    CompletableFuture<Void> createKey(CreateKeyRequest request, Caller caller, OmTransaction.Builder transaction)
            throws OmException {
        BucketInfo bucket = Lookups.bucket(store.get(), request.getVolume(), request.getBucket());
        ReplicationConfig replication = pick(request.getReplication(), bucket.getReplication());
        if (request.getEmpty()) {
            transaction.setCreateKey(request.toBuilder().setReplication(replication));
            return CompletableFuture.completedFuture(null);
        }
        return allocate(request.getSize(), replication, caller, ExcludeList.getDefaultInstance())
                .thenAccept(blocks -> transaction
                        .setClientId(ids.next())
                        .addAllAllocatedBlocks(blocks)
                        .setCreateKey(request.toBuilder().setReplication(replication)));
    }

    CompletableFuture<Void> allocateBlock(
            AllocateBlockRequest request, Caller caller, OmTransaction.Builder transaction) throws OmException {
        OpenKeyRecord open = OpenKeys.find(
                store.get(), request.getVolume(), request.getBucket(), request.getName(), request.getClientId());
        ExcludeList exclude = ExcludeList.newBuilder()
                .addAllDatanodeUuids(request.getExclude().getDatanodeUuidsList())
                .addAllPipelineIds(request.getExclude().getPipelineIdsList())
                .addAllContainerIds(request.getExclude().getContainerIdsList())
                .build();
        return scm.allocate(blockSize, 1, open.getKey().getReplication(), caller.user(), exclude)
                .thenAccept(blocks ->
                        transaction.addAllAllocatedBlocks(toLocations(blocks)).setAllocateBlock(request));
    }

    CompletableFuture<Void> createMultipartKey(
            CreateMultipartKeyRequest request, Caller caller, OmTransaction.Builder transaction) throws OmException {
        Lookups.bucket(store.get(), request.getVolume(), request.getBucket());
        MultipartUploadRecord upload = store.get()
                .get(
                        OmSchema.MULTIPART_UPLOADS,
                        RowKeys.multipartUpload(
                                request.getVolume(), request.getBucket(), request.getName(), request.getUploadId()))
                .orElseThrow(() -> new OmException(
                        OmStatus.NO_SUCH_MULTIPART_UPLOAD, "no multipart upload " + request.getUploadId()));
        ReplicationConfig replication = pick(upload.getReplication(), ReplicationConfig.getDefaultInstance());
        return allocate(request.getSize(), replication, caller, ExcludeList.getDefaultInstance())
                .thenAccept(blocks -> transaction
                        .setClientId(ids.next())
                        .addAllAllocatedBlocks(blocks)
                        .setCreateMultipartKey(request));
    }

    String newUploadId() {
        return UUID.randomUUID() + "-" + ids.next();
    }

    String newSecret() {
        byte[] secret = new byte[32];
        random.nextBytes(secret);
        return HexFormat.of().formatHex(secret);
    }

    /**
     * The blocks a key of {@code size} bytes needs. An empty or unknown size gets none (an empty key, a directory
     * marker or an S3 folder never asks SCM; a stream of unknown length asks with AllocateBlock when it first writes).
     * A key smaller than a block reserves only its size in the container, so small keys share containers instead of
     * each taking a block's worth of one.
     */
    private CompletableFuture<List<BlockLocation>> allocate(
            long size, ReplicationConfig replication, Caller caller, ExcludeList exclude) {
        if (size <= 0) {
            return CompletableFuture.completedFuture(List.of());
        }
        int count = (int) ((size + blockSize - 1) / blockSize);
        long reserved = count == 1 ? size : blockSize;
        return scm.allocate(reserved, count, replication, caller.user(), exclude)
                .thenApply(this::toLocations);
    }

    /** Blocks with their planned offsets in the key; the client reports the real ones at commit. */
    private List<BlockLocation> toLocations(List<AllocatedBlock> blocks) {
        List<BlockLocation> locations = new ArrayList<>();
        long offset = 0;
        for (AllocatedBlock block : blocks) {
            locations.add(BlockLocation.newBuilder()
                    .setBlockId(block.getBlockId())
                    .setPipeline(block.getPipeline())
                    .setOffsetInKey(offset)
                    .build());
            offset += blockSize;
        }
        return locations;
    }

    private ReplicationConfig pick(ReplicationConfig requested, ReplicationConfig bucketDefault) {
        if (requested.getType() != ReplicationType.REPLICATION_TYPE_UNSPECIFIED) {
            return requested;
        }
        if (bucketDefault.getType() != ReplicationType.REPLICATION_TYPE_UNSPECIFIED) {
            return bucketDefault;
        }
        return defaultReplication;
    }
}
