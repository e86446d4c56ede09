package dev.o3.client.api;

import dev.o3.common.acl.CannedAcl;
import java.time.Instant;
import java.util.Objects;

/**
 * A bucket as the API shows it.
 *
 * @param volume volume name
 * @param name bucket name
 * @param owner owning user
 * @param layout OBJECT_STORE or FILE_SYSTEM_OPTIMIZED
 * @param replicationFactor 1 or 3
 * @param usedBytes bytes used by committed keys
 * @param usedNamespace number of keys
 * @param creationTime when it was created
 * @param acl the canned ACL
 * @param versioning S3 versioning: "Enabled", "Suspended", or empty when never enabled
 */
public record BucketInfo(
        String volume,
        String name,
        String owner,
        String layout,
        int replicationFactor,
        long usedBytes,
        long usedNamespace,
        Instant creationTime,
        CannedAcl acl,
        String versioning) {
    public BucketInfo {
        Objects.requireNonNull(volume, "volume is null");
        Objects.requireNonNull(name, "name is null");
        Objects.requireNonNull(owner, "owner is null");
        Objects.requireNonNull(layout, "layout is null");
        Objects.requireNonNull(creationTime, "creationTime is null");
        Objects.requireNonNull(acl, "acl is null");
        Objects.requireNonNull(versioning, "versioning is null");
    }
}
