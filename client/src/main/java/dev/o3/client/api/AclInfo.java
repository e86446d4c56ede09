package dev.o3.client.api;

import dev.o3.common.acl.CannedAcl;
import java.util.Objects;

/**
 * The access control of a bucket or key.
 *
 * @param owner the owning user (for a key, its bucket's owner)
 * @param acl the canned ACL
 */
public record AclInfo(String owner, CannedAcl acl) {
    public AclInfo {
        Objects.requireNonNull(owner, "owner is null");
        Objects.requireNonNull(acl, "acl is null");
    }
}
