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

/** Sets a bucket's canned ACL; bucket or volume owner, or administrator. */
public final class SetBucketAclHandler implements WriteRequest {
    @Override
    public Message apply(Mutation mutation, OmTransaction transaction) throws OmException {
        SetBucketAclRequest request = transaction.getSetBucketAcl();
        BucketInfo bucket = Lookups.bucket(mutation, request.getVolume(), request.getName());
        if (request.getAcl().isEmpty()) {
            throw new OmException(OmStatus.INVALID_REQUEST, "no ACL given");
        }
        String acl = Lookups.acl(request.getAcl()).value();
        Lookups.checkOwner(mutation, Lookups.caller(transaction), bucket, "change the ACL of " + request.getName());
        mutation.put(
                OmSchema.BUCKETS,
                RowKeys.bucket(request.getVolume(), request.getName()),
                bucket.toBuilder()
                        .setAcl(acl)
                        .setModificationTimeMillis(transaction.getTimeMillis())
                        .build());
        return SetBucketAclResponse.getDefaultInstance();
    }
}
