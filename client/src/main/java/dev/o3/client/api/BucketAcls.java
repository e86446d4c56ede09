package dev.o3.client.api;

import dev.o3.client.om.OmClient;
import dev.o3.common.acl.Acl;
import dev.o3.common.acl.CannedAcl;
import dev.o3.proto.om.GetAclRequest;
import dev.o3.proto.om.GetAclResponse;
import dev.o3.proto.om.SetBucketAclRequest;
import dev.o3.proto.om.SetBucketAclResponse;
import dev.o3.proto.om.SetKeyAclRequest;
import dev.o3.proto.om.SetKeyAclResponse;

/**
 * The ACLs of one bucket and its keys: read them (owner, canned ACL, grants in force) and replace them with a canned
 * ACL or grants. Thread-safe.
 */
public final class BucketAcls {
    private final String volume;
    private final String bucket;
    private final OmClient om;

    BucketAcls(String volume, String bucket, OmClient om) {
        this.volume = volume;
        this.bucket = bucket;
        this.om = om;
    }

    /**
     * The owner, canned ACL and grants of a key, or of the bucket when {@code key} is empty.
     *
     * @throws dev.o3.client.om.OmException KEY_NOT_FOUND; PERMISSION_DENIED unless the caller owns the bucket, is an
     *     administrator or has READ_ACP
     */
    public AclInfo get(String key) {
        GetAclResponse response = om.call(
                "GetAcl",
                stub -> stub.getAcl(GetAclRequest.newBuilder()
                        .setVolume(volume)
                        .setBucket(bucket)
                        .setKey(key)
                        .build()),
                GetAclResponse::getError);
        return new AclInfo(response.getOwner(), CannedAcl.parse(response.getAcl()), response.getGrantsList());
    }

    /** Replaces the bucket's canned ACL. */
    public void setBucket(CannedAcl acl) {
        setBucket(Acl.of(acl));
    }

    /**
     * Replaces the bucket's ACL.
     *
     * @throws dev.o3.client.om.OmException PERMISSION_DENIED unless the caller owns the bucket, is an administrator or
     *     has WRITE_ACP; UNKNOWN_GRANTEE for a user without an S3 secret
     */
    public void setBucket(Acl acl) {
        SetBucketAclRequest.Builder request =
                SetBucketAclRequest.newBuilder().setVolume(volume).setName(bucket);
        if (acl.hasGrants()) {
            request.addAllGrants(acl.grants());
        } else {
            request.setAcl(acl.canned().value());
        }
        om.call("SetBucketAcl", stub -> stub.setBucketAcl(request.build()), SetBucketAclResponse::getError);
    }

    /** Replaces a key's canned ACL. */
    public void setKey(String key, CannedAcl acl) {
        setKey(key, Acl.of(acl));
    }

    /**
     * Replaces a key's ACL.
     *
     * @throws dev.o3.client.om.OmException KEY_NOT_FOUND, and as {@link #setBucket(Acl)} with the key's grants
     */
    public void setKey(String key, Acl acl) {
        SetKeyAclRequest.Builder request = SetKeyAclRequest.newBuilder()
                .setVolume(volume)
                .setBucket(bucket)
                .setName(key);
        if (acl.hasGrants()) {
            request.addAllGrants(acl.grants());
        } else {
            request.setAcl(acl.canned().value());
        }
        om.call("SetKeyAcl", stub -> stub.setKeyAcl(request.build()), SetKeyAclResponse::getError);
    }
}
