package dev.o3.om.key;

import com.google.protobuf.Message;
import dev.o3.om.db.Mutation;
import dev.o3.om.request.Caller;
import dev.o3.om.request.Grants;
import dev.o3.om.request.Lookups;
import dev.o3.om.request.OmException;
import dev.o3.om.request.WriteRequest;
import dev.o3.proto.om.AclPermission;
import dev.o3.proto.om.BucketInfo;
import dev.o3.proto.om.KeyInfo;
import dev.o3.proto.om.OmStatus;
import dev.o3.proto.om.OmTransaction;
import dev.o3.proto.om.SetKeyAclRequest;
import dev.o3.proto.om.SetKeyAclResponse;
import java.util.List;
import java.util.Optional;

/**
 * Sets a committed key's canned ACL or its grants (replacing both); for the bucket's owners, who own every key in it,
 * and whom the key's grants give WRITE_ACP.
 */
public final class SetKeyAclHandler implements WriteRequest {
    @Override
    public Message apply(Mutation mutation, OmTransaction transaction) throws OmException {
        SetKeyAclRequest request = transaction.getSetKeyAcl();
        BucketInfo bucket = Lookups.bucket(mutation, request.getVolume(), request.getBucket());
        if (request.getAcl().isEmpty() == (request.getGrantsCount() == 0)) {
            throw new OmException(OmStatus.INVALID_REQUEST, "give either a canned ACL or grants");
        }
        String acl =
                request.getAcl().isEmpty() ? "" : Lookups.acl(request.getAcl()).value();
        KeyLayout layout = KeyLayouts.of(bucket);
        layout.checkName(request.getName());
        Caller caller = Lookups.caller(transaction);
        Optional<KeyInfo> found = layout.lookup(mutation, bucket, request.getName());
        Lookups.checkAcp(
                mutation,
                caller,
                bucket,
                found.isPresent()
                        ? Grants.effective(found.get().getAcl(), found.get().getGrantsList())
                        : List.of(),
                AclPermission.ACL_WRITE_ACP);
        KeyInfo key =
                found.orElseThrow(() -> new OmException(OmStatus.KEY_NOT_FOUND, "key not found: " + request.getName()));
        Grants.check(mutation, bucket.getOwner(), request.getGrantsList());
        layout.put(
                mutation,
                bucket,
                key.toBuilder()
                        .setAcl(acl)
                        .clearGrants()
                        .addAllGrants(request.getGrantsList())
                        .build());
        return SetKeyAclResponse.getDefaultInstance();
    }
}
