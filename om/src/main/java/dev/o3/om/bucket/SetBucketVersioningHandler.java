package dev.o3.om.bucket;

import com.google.protobuf.Message;
import dev.o3.om.db.Mutation;
import dev.o3.om.db.OmSchema;
import dev.o3.om.db.RowKeys;
import dev.o3.om.request.Lookups;
import dev.o3.om.request.OmException;
import dev.o3.om.request.WriteRequest;
import dev.o3.proto.om.BucketInfo;
import dev.o3.proto.om.BucketLayout;
import dev.o3.proto.om.BucketVersioning;
import dev.o3.proto.om.OmStatus;
import dev.o3.proto.om.OmTransaction;
import dev.o3.proto.om.SetBucketVersioningRequest;
import dev.o3.proto.om.SetBucketVersioningResponse;

/**
 * Enables or suspends S3 versioning of an OBJECT_STORE bucket (see {@code dev.o3.om.key.KeyVersions}); bucket or
 * volume owner, or administrator. As in S3, a bucket never returns to unversioned.
 */
public final class SetBucketVersioningHandler implements WriteRequest {
    @Override
    public Message apply(Mutation mutation, OmTransaction transaction) throws OmException {
        SetBucketVersioningRequest request = transaction.getSetBucketVersioning();
        BucketInfo bucket = Lookups.bucket(mutation, request.getVolume(), request.getName());
        Lookups.checkOwner(
                mutation, Lookups.caller(transaction), bucket, "change the versioning of " + request.getName());
        BucketVersioning versioning = request.getVersioning();
        if (versioning != BucketVersioning.VERSIONING_ENABLED && versioning != BucketVersioning.VERSIONING_SUSPENDED) {
            throw new OmException(OmStatus.INVALID_REQUEST, "versioning is enabled or suspended, not " + versioning);
        }
        if (bucket.getLayout() == BucketLayout.FILE_SYSTEM_OPTIMIZED) {
            throw new OmException(
                    OmStatus.INVALID_REQUEST,
                    "versioning is for OBJECT_STORE buckets; " + bucket.getName() + " is FSO");
        }
        mutation.put(
                OmSchema.BUCKETS,
                RowKeys.bucket(request.getVolume(), request.getName()),
                bucket.toBuilder()
                        .setVersioning(versioning)
                        .setModificationTimeMillis(transaction.getTimeMillis())
                        .build());
        return SetBucketVersioningResponse.getDefaultInstance();
    }
}
