package dev.o3.om.key;

import dev.o3.om.db.Mutation;
import dev.o3.om.db.OmSchema;
import dev.o3.om.db.RowKeys;
import dev.o3.om.request.OmException;
import dev.o3.proto.hdds.ReplicationFactor;
import dev.o3.proto.om.BucketInfo;
import dev.o3.proto.om.KeyInfo;
import dev.o3.proto.om.OmStatus;

/** Bucket space and namespace accounting, and the quota checks that go with it. */
public final class BucketUsage {
    private BucketUsage() {}

    /** Bytes a key takes on disk: its size times its replication factor. */
    public static long bytes(KeyInfo key) {
        int factor = key.getReplication().getFactor() == ReplicationFactor.THREE ? 3 : 1;
        return key.getSize() * factor;
    }

    /**
     * Checks that {@code extraBytes} more fit in the bucket's quota.
     *
     * @throws OmException QUOTA_EXCEEDED
     */
    public static void checkBytes(BucketInfo bucket, long extraBytes) throws OmException {
        if (bucket.getQuotaInBytes() >= 0 && bucket.getUsedBytes() + extraBytes > bucket.getQuotaInBytes()) {
            throw new OmException(
                    OmStatus.QUOTA_EXCEEDED,
                    "bucket " + bucket.getName() + " quota of " + bucket.getQuotaInBytes() + " bytes exceeded");
        }
    }

    /**
     * Adds to the bucket's used bytes and object count, refusing growth beyond its quotas.
     *
     * @throws OmException QUOTA_EXCEEDED
     */
    public static void update(Mutation mutation, BucketInfo bucket, long bytesDelta, long namespaceDelta)
            throws OmException {
        String row = RowKeys.bucket(bucket.getVolume(), bucket.getName());
        BucketInfo current = mutation.get(OmSchema.BUCKETS, row).orElse(bucket);
        if (bytesDelta > 0) {
            checkBytes(current, bytesDelta);
        }
        long namespace = current.getUsedNamespace() + namespaceDelta;
        if (namespaceDelta > 0 && current.getQuotaInNamespace() >= 0 && namespace > current.getQuotaInNamespace()) {
            throw new OmException(
                    OmStatus.QUOTA_EXCEEDED,
                    "bucket " + bucket.getName() + " may hold " + current.getQuotaInNamespace() + " objects");
        }
        mutation.put(
                OmSchema.BUCKETS,
                row,
                current.toBuilder()
                        .setUsedBytes(Math.max(0, current.getUsedBytes() + bytesDelta))
                        .setUsedNamespace(Math.max(0, namespace))
                        .build());
    }
}
