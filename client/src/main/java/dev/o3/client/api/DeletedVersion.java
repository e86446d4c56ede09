package dev.o3.client.api;

import java.util.Objects;

/**
 * What a delete did in a versioned bucket.
 *
 * @param versionId the delete marker it added, or the version it removed; empty in an unversioned bucket
 * @param deleteMarker whether that version is a delete marker
 */
public record DeletedVersion(String versionId, boolean deleteMarker) {
    public DeletedVersion {
        Objects.requireNonNull(versionId, "versionId is null");
    }
}
