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
import dev.o3.proto.om.SetBucketAclRequest;
import dev.o3.proto.om.SetBucketAclResponse;
import java.util.Set;

/** Sets a bucket's canned ACL; bucket owner or administrator. */
public final class SetBucketAclHandler implements WriteRequest {
    private static final Set<String> CANNED =
            Set.of("private", "public-read", "public-read-write", "authenticated-read");

    @Override
    public Message apply(Mutation mutation, OmTransaction transaction) throws OmException {
        SetBucketAclRequest request = transaction.getSetBucketAcl();
        BucketInfo bucket = Lookups.bucket(mutation, request.getVolume(), request.getName());
        if (!CANNED.contains(request.getAcl())) {
            throw new OmException(OmStatus.INVALID_REQUEST, "unknown canned ACL '" + request.getAcl() + "'");
        }
        if (!Lookups.caller(transaction).ownsOrAdmin(bucket.getOwner())) {
            throw new OmException(OmStatus.PERMISSION_DENIED, "only the bucket owner changes its ACL");
        }
        mutation.put(
                OmSchema.BUCKETS,
                RowKeys.bucket(request.getVolume(), request.getName()),
                bucket.toBuilder()
                        .setAcl(request.getAcl())
                        .setModificationTimeMillis(transaction.getTimeMillis())
                        .build());
        return SetBucketAclResponse.getDefaultInstance();
    }
}
