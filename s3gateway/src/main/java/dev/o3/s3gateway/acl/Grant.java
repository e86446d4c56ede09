package dev.o3.s3gateway.acl;

import java.util.Objects;

/**
 * One entry of an S3 access control list.
 *
 * @param grantee whom it names
 * @param permission what it gives
 */
public record Grant(Grantee grantee, Permission permission) {
    public Grant {
        Objects.requireNonNull(grantee, "grantee is null");
        Objects.requireNonNull(permission, "permission is null");
    }
}
