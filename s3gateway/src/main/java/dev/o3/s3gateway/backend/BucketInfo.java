package dev.o3.s3gateway.backend;

import java.time.Instant;
import java.util.Objects;

/**
 * An S3 bucket (an O3 bucket in volume {@code s3v}).
 *
 * @param name bucket name
 * @param owner the user who created it
 * @param creationTime when it was created
 */
public record BucketInfo(String name, String owner, Instant creationTime) {
    public BucketInfo {
        Objects.requireNonNull(name, "name is null");
        Objects.requireNonNull(owner, "owner is null");
        Objects.requireNonNull(creationTime, "creationTime is null");
    }
}
