package dev.o3.om.bucket;

import com.google.protobuf.Message;
import dev.o3.om.db.Mutation;
import dev.o3.om.db.OmSchema;
import dev.o3.om.db.RowKeys;
import dev.o3.om.request.Caller;
import dev.o3.om.request.Grants;
import dev.o3.om.request.Lookups;
import dev.o3.om.request.Names;
import dev.o3.om.request.OmException;
import dev.o3.om.request.WriteRequest;
import dev.o3.proto.om.BucketInfo;
import dev.o3.proto.om.BucketLayout;
import dev.o3.proto.om.CreateBucketResponse;
import dev.o3.proto.om.OmStatus;
import dev.o3.proto.om.OmTransaction;
import dev.o3.proto.om.VolumeInfo;
import dev.o3.server.db.KeyValue;
import java.util.List;

/**
 * Creates a bucket with its canned ACL (default private); the volume owner or an administrator, or any named user in
 * the S3 volume (owning what they create). The leader fills in the layout before the request is logged, so every OM
 * stores the same one. Checks the volume's namespace and byte quotas.
 */
public final class CreateBucketHandler implements WriteRequest {
    private final String s3Volume;

    public CreateBucketHandler(String s3Volume) {
        this.s3Volume = s3Volume;
    }

    @Override
    public Message apply(Mutation mutation, OmTransaction transaction) throws OmException {
        BucketInfo bucket = transaction.getCreateBucket().getBucket();
        Names.checkBucket(bucket.getName());
        VolumeInfo volume = Lookups.volume(mutation, bucket.getVolume());
        Caller caller = Lookups.caller(transaction);
        // Any named user may create S3 buckets, but only for themselves: the creator is the owner.
        boolean forThemselves =
                !caller.anonymous() && (bucket.getOwner().isEmpty() || caller.ownsOrAdmin(bucket.getOwner()));
        if (!bucket.getVolume().equals(s3Volume) || !forThemselves) {
            Lookups.checkVolumeOwner(mutation, caller, bucket.getVolume(), "create this bucket");
        }
        String acl = Lookups.acl(bucket.getAcl()).value();
        Grants.check(
                mutation,
                bucket.getOwner().isEmpty() ? transaction.getUser() : bucket.getOwner(),
                bucket.getGrantsList());
        String row = RowKeys.bucket(bucket.getVolume(), bucket.getName());
        if (mutation.get(OmSchema.BUCKETS, row).isPresent()) {
            throw new OmException(OmStatus.BUCKET_ALREADY_EXISTS, "bucket exists: " + bucket.getName());
        }
        checkQuota(mutation, volume, bucket);
        BucketInfo.Builder stored = bucket.toBuilder()
                .setObjectId(mutation.nextObjectId())
                .setCreationTimeMillis(transaction.getTimeMillis())
                .setModificationTimeMillis(transaction.getTimeMillis())
                .setUsedBytes(0)
                .setUsedNamespace(0);
        if (bucket.getOwner().isEmpty()) {
            stored.setOwner(transaction.getUser());
        }
        if (bucket.getLayout() == BucketLayout.BUCKET_LAYOUT_UNSPECIFIED) {
            stored.setLayout(BucketLayout.OBJECT_STORE);
        }
        if (bucket.getQuotaInBytes() == 0) {
            stored.setQuotaInBytes(-1);
        }
        if (bucket.getQuotaInNamespace() == 0) {
            stored.setQuotaInNamespace(-1);
        }
        stored.setAcl(acl);
        mutation.put(OmSchema.BUCKETS, row, stored.build());
        return CreateBucketResponse.getDefaultInstance();
    }

    private static void checkQuota(Mutation mutation, VolumeInfo volume, BucketInfo bucket) throws OmException {
        if (volume.getQuotaInNamespace() < 0 && volume.getQuotaInBytes() < 0) {
            return;
        }
        String prefix = RowKeys.bucketsOf(volume.getName());
        List<KeyValue<String, BucketInfo>> buckets = mutation.scan(OmSchema.BUCKETS, prefix, prefix, Integer.MAX_VALUE);
        if (volume.getQuotaInNamespace() >= 0 && buckets.size() + 1 > volume.getQuotaInNamespace()) {
            throw new OmException(
                    OmStatus.QUOTA_EXCEEDED,
                    "volume " + volume.getName() + " already has " + buckets.size() + " buckets");
        }
        if (volume.getQuotaInBytes() >= 0) {
            long reserved = Math.max(bucket.getQuotaInBytes(), 0);
            for (KeyValue<String, BucketInfo> existing : buckets) {
                reserved += Math.max(existing.value().getQuotaInBytes(), 0);
            }
            if (bucket.getQuotaInBytes() <= 0 || reserved > volume.getQuotaInBytes()) {
                throw new OmException(
                        OmStatus.QUOTA_EXCEEDED,
                        "bucket quotas would exceed the quota of volume " + volume.getName()
                                + "; give the bucket a quota that fits");
            }
        }
    }
}
