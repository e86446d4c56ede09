package dev.o3.client.api;

import dev.o3.common.acl.CannedAcl;
import dev.o3.proto.om.AclGrant;
import java.util.List;
import java.util.Objects;

/**
 * The access control of a bucket or key.
 *
 * @param owner the owning user (for a key, its bucket's owner)
 * @param acl the canned ACL ({@code PRIVATE} when grants were set instead)
 * @param grants the grants in force, the owner's full control first (a canned ACL's equivalent grants if none were set)
 */
public record AclInfo(String owner, CannedAcl acl, List<AclGrant> grants) {
    public AclInfo {
        Objects.requireNonNull(owner, "owner is null");
        Objects.requireNonNull(acl, "acl is null");
        grants = List.copyOf(grants);
    }
}
