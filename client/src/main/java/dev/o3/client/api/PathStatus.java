package dev.o3.client.api;

import java.time.Instant;
import java.util.Objects;

/**
 * A file or directory of a FILE_SYSTEM_OPTIMIZED bucket, as a file system shows it.
 *
 * @param path the path inside the bucket, without a leading or trailing slash; empty for the bucket itself
 * @param directory whether it is a directory
 * @param size length in bytes (0 for a directory)
 * @param replicationFactor 1 or 3 for a file, 0 for a directory
 * @param modificationTime when it was last committed or renamed, or as setTimes set it; the epoch when the listing
 *     does not carry it
 * @param accessTime as setTimes set it, else the modification time
 */
public record PathStatus(
        String path,
        boolean directory,
        long size,
        int replicationFactor,
        Instant modificationTime,
        Instant accessTime) {
    public PathStatus {
        Objects.requireNonNull(path, "path is null");
        Objects.requireNonNull(modificationTime, "modificationTime is null");
        Objects.requireNonNull(accessTime, "accessTime is null");
    }

    /** A status whose access time is its modification time. */
    public PathStatus(String path, boolean directory, long size, int replicationFactor, Instant modificationTime) {
        this(path, directory, size, replicationFactor, modificationTime, modificationTime);
    }
}
