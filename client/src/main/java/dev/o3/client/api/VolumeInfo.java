package dev.o3.client.api;

import java.time.Instant;
import java.util.Objects;

/**
 * A volume as the API shows it.
 *
 * @param name volume name
 * @param owner owning user
 * @param quotaInBytes byte quota, -1 for none
 * @param quotaInNamespace object count quota, -1 for none
 * @param usedBytes bytes used by committed keys
 * @param creationTime when it was created
 */
public record VolumeInfo(
        String name, String owner, long quotaInBytes, long quotaInNamespace, long usedBytes, Instant creationTime) {
    public VolumeInfo {
        Objects.requireNonNull(name, "name is null");
        Objects.requireNonNull(owner, "owner is null");
        Objects.requireNonNull(creationTime, "creationTime is null");
    }
}
