package dev.o3.s3gateway.backend;

import dev.o3.common.acl.CannedAcl;
import java.util.Objects;

/**
 * The access control of a bucket or object.
 *
 * @param owner the owner (for an object, its bucket's owner, who owns every object in it)
 * @param acl the canned ACL
 */
public record AclInfo(String owner, CannedAcl acl) {
    public AclInfo {
        Objects.requireNonNull(owner, "owner is null");
        Objects.requireNonNull(acl, "acl is null");
    }
}
