package dev.o3.om.key;

import com.google.protobuf.Message;
import dev.o3.om.db.Mutation;
import dev.o3.om.request.Lookups;
import dev.o3.om.request.OmException;
import dev.o3.om.request.WriteRequest;
import dev.o3.proto.om.BucketInfo;
import dev.o3.proto.om.KeyInfo;
import dev.o3.proto.om.OmStatus;
import dev.o3.proto.om.OmTransaction;
import dev.o3.proto.om.SetKeyAclRequest;
import dev.o3.proto.om.SetKeyAclResponse;

/** Sets a committed key's canned ACL; the bucket's owners only, since they own every key in it. */
public final class SetKeyAclHandler implements WriteRequest {
    @Override
    public Message apply(Mutation mutation, OmTransaction transaction) throws OmException {
        SetKeyAclRequest request = transaction.getSetKeyAcl();
        BucketInfo bucket = Lookups.bucket(mutation, request.getVolume(), request.getBucket());
        if (request.getAcl().isEmpty()) {
            throw new OmException(OmStatus.INVALID_REQUEST, "no ACL given");
        }
        String acl = Lookups.acl(request.getAcl()).value();
        Lookups.checkOwner(mutation, Lookups.caller(transaction), bucket, "change the ACL of " + request.getName());
        KeyLayout layout = KeyLayouts.of(bucket);
        layout.checkName(request.getName());
        KeyInfo key = layout.lookup(mutation, bucket, request.getName())
                .orElseThrow(() -> new OmException(OmStatus.KEY_NOT_FOUND, "key not found: " + request.getName()));
        layout.put(mutation, bucket, key.toBuilder().setAcl(acl).build());
        return SetKeyAclResponse.getDefaultInstance();
    }
}
