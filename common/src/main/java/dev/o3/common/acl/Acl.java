package dev.o3.common.acl;

import dev.o3.proto.om.AclGrant;
import java.util.List;
import java.util.Objects;

/**
 * What a write sets as the ACL of a bucket or key: a canned ACL, or S3 grants ({@code AclGrant} in om.proto), which
 * replace the canned ACL when there are any. OM judges both as grants.
 *
 * @param canned the canned ACL (ignored when {@code grants} is not empty)
 * @param grants the grants besides the owner's full control
 */
public record Acl(CannedAcl canned, List<AclGrant> grants) {
    /** No one but the owner. */
    public static final Acl PRIVATE = new Acl(CannedAcl.PRIVATE, List.of());

    public Acl {
        Objects.requireNonNull(canned, "canned is null");
        grants = List.copyOf(grants);
    }

    /** A canned ACL. */
    public static Acl of(CannedAcl canned) {
        return new Acl(canned, List.of());
    }

    /** A grant list. */
    public static Acl of(List<AclGrant> grants) {
        return new Acl(CannedAcl.PRIVATE, grants);
    }

    /** Whether this ACL is a grant list rather than a canned ACL. */
    public boolean hasGrants() {
        return !grants.isEmpty();
    }
}
