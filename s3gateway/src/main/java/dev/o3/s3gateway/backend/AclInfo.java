package dev.o3.s3gateway.backend;

import dev.o3.s3gateway.acl.Grant;
import java.util.List;
import java.util.Objects;

/**
 * The access control of a bucket or object.
 *
 * @param owner the owner (for an object, its bucket's owner, who owns every object in it)
 * @param grants the grants in force, the owner's FULL_CONTROL first
 */
public record AclInfo(String owner, List<Grant> grants) {
    public AclInfo {
        Objects.requireNonNull(owner, "owner is null");
        grants = List.copyOf(grants);
    }
}
