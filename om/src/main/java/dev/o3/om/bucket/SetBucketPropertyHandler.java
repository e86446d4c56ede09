package dev.o3.om.bucket;

import com.google.protobuf.Message;
import dev.o3.om.db.Mutation;
import dev.o3.om.db.OmSchema;
import dev.o3.om.db.RowKeys;
import dev.o3.om.request.Lookups;
import dev.o3.om.request.OmException;
import dev.o3.om.request.WriteRequest;
import dev.o3.proto.om.BucketInfo;
import dev.o3.proto.om.OmStatus;
import dev.o3.proto.om.OmTransaction;
import dev.o3.proto.om.SetBucketPropertyRequest;
import dev.o3.proto.om.SetBucketPropertyResponse;

/**
 * Sets or clears (-1) a bucket's space and namespace quotas (bucket or volume owner, or administrator) and changes its
 * owner (volume owner or administrator). A quota below what the bucket already uses is accepted, as in Ozone: it
 * refuses the next write, not the data already there.
 */
public final class SetBucketPropertyHandler implements WriteRequest {
    @Override
    public Message apply(Mutation mutation, OmTransaction transaction) throws OmException {
        SetBucketPropertyRequest request = transaction.getSetBucketProperty();
        BucketInfo bucket = Lookups.bucket(mutation, request.getVolume(), request.getName());
        Lookups.checkOwner(mutation, Lookups.caller(transaction), bucket, "change the quota of " + request.getName());
        BucketInfo.Builder updated = bucket.toBuilder().setModificationTimeMillis(transaction.getTimeMillis());
        if (!request.getOwner().isEmpty()) {
            Lookups.checkVolumeOwner(
                    mutation,
                    Lookups.caller(transaction),
                    request.getVolume(),
                    "change the owner of " + request.getName());
            updated.setOwner(request.getOwner());
        }
        if (request.hasQuotaInBytes()) {
            updated.setQuotaInBytes(checkQuota(request.getQuotaInBytes()));
        }
        if (request.hasQuotaInNamespace()) {
            updated.setQuotaInNamespace(checkQuota(request.getQuotaInNamespace()));
        }
        mutation.put(OmSchema.BUCKETS, RowKeys.bucket(request.getVolume(), request.getName()), updated.build());
        return SetBucketPropertyResponse.getDefaultInstance();
    }

    private static long checkQuota(long quota) throws OmException {
        if (quota == 0 || quota < -1) {
            throw new OmException(OmStatus.INVALID_REQUEST, "quota must be positive or -1 (none), got " + quota);
        }
        return quota;
    }
}
