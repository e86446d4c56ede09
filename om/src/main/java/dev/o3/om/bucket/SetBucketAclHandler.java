package dev.o3.om.bucket;

import com.google.protobuf.Message;
import dev.o3.om.db.Mutation;
import dev.o3.om.db.OmSchema;
import dev.o3.om.db.RowKeys;
import dev.o3.om.request.Grants;
import dev.o3.om.request.Lookups;
import dev.o3.om.request.OmException;
import dev.o3.om.request.WriteRequest;
import dev.o3.proto.om.AclPermission;
import dev.o3.proto.om.BucketInfo;
import dev.o3.proto.om.OmStatus;
import dev.o3.proto.om.OmTransaction;
import dev.o3.proto.om.SetBucketAclRequest;
import dev.o3.proto.om.SetBucketAclResponse;

/**
 * Sets a bucket's canned ACL or its grants (replacing both); for its owners, administrators and whom its grants give
 * WRITE_ACP.
 */
public final class SetBucketAclHandler implements WriteRequest {
    @Override
    public Message apply(Mutation mutation, OmTransaction transaction) throws OmException {
        SetBucketAclRequest request = transaction.getSetBucketAcl();
        BucketInfo bucket = Lookups.bucket(mutation, request.getVolume(), request.getName());
        if (request.getAcl().isEmpty() == (request.getGrantsCount() == 0)) {
            throw new OmException(OmStatus.INVALID_REQUEST, "give either a canned ACL or grants");
        }
        String acl =
                request.getAcl().isEmpty() ? "" : Lookups.acl(request.getAcl()).value();
        Lookups.checkAcp(
                mutation, Lookups.caller(transaction), bucket, Lookups.grants(bucket), AclPermission.ACL_WRITE_ACP);
        Grants.check(mutation, bucket.getOwner(), request.getGrantsList());
        mutation.put(
                OmSchema.BUCKETS,
                RowKeys.bucket(request.getVolume(), request.getName()),
                bucket.toBuilder()
                        .setAcl(acl)
                        .clearGrants()
                        .addAllGrants(request.getGrantsList())
                        .setModificationTimeMillis(transaction.getTimeMillis())
                        .build());
        return SetBucketAclResponse.getDefaultInstance();
    }
}
