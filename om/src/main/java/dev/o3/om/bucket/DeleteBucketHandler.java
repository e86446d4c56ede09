package dev.o3.om.bucket;

import com.google.protobuf.Message;
import dev.o3.om.db.Mutation;
import dev.o3.om.db.OmSchema;
import dev.o3.om.db.RowKeys;
import dev.o3.om.key.KeyLayouts;
import dev.o3.om.key.KeyVersions;
import dev.o3.om.request.Lookups;
import dev.o3.om.request.OmException;
import dev.o3.om.request.WriteRequest;
import dev.o3.proto.om.BucketInfo;
import dev.o3.proto.om.DeleteBucketRequest;
import dev.o3.proto.om.DeleteBucketResponse;
import dev.o3.proto.om.OmStatus;
import dev.o3.proto.om.OmTransaction;

/**
 * Deletes an empty bucket, without keys, uploads or versions (BUCKET_NOT_EMPTY otherwise); bucket owner, volume owner
 * or administrator.
 */
public final class DeleteBucketHandler implements WriteRequest {
    @Override
    public Message apply(Mutation mutation, OmTransaction transaction) throws OmException {
        DeleteBucketRequest request = transaction.getDeleteBucket();
        BucketInfo bucket = Lookups.bucket(mutation, request.getVolume(), request.getName());
        Lookups.checkOwner(mutation, Lookups.caller(transaction), bucket, "delete bucket " + request.getName());
        String uploads = RowKeys.keysOf(request.getVolume(), request.getName());
        boolean hasUploads =
                !mutation.scan(OmSchema.MULTIPART_UPLOADS, uploads, uploads, 1).isEmpty();
        if (hasUploads || !KeyLayouts.of(bucket).isEmpty(mutation, bucket) || !KeyVersions.noneLeft(mutation, bucket)) {
            throw new OmException(OmStatus.BUCKET_NOT_EMPTY, "bucket not empty: " + request.getName());
        }
        mutation.delete(OmSchema.BUCKETS, RowKeys.bucket(request.getVolume(), request.getName()));
        return DeleteBucketResponse.getDefaultInstance();
    }
}
