package dev.o3.s3gateway.backend;

import java.util.List;
import java.util.Objects;

/**
 * S3 bucket versioning and object versions, acting as one requester. Thread-safe; calls may block. Version ids are
 * opaque strings; "null" names the version written while versioning was off or suspended. Every method may throw
 * {@link BackendException} with {@code BUCKET_NOT_FOUND}, {@code PERMISSION_DENIED} or an internal status.
 */
public interface VersionStore {
    /** The bucket's versioning status: "Enabled", "Suspended", or empty when it was never enabled. */
    String versioning(String bucket);

    /** Enables or suspends versioning (bucket owner only). */
    void setVersioning(String bucket, boolean enabled);

    /**
     * One version of an object opened for reading.
     *
     * @throws BackendException {@code NO_SUCH_VERSION}; {@code METHOD_NOT_ALLOWED} for a delete marker
     */
    ObjectReader open(String bucket, String key, String versionId);

    /**
     * Deletes an object: with a version id that version for good, without one (empty) the object, or in a versioned
     * bucket adds a delete marker.
     *
     * @throws BackendException {@code KEY_NOT_FOUND}, {@code NO_SUCH_VERSION}
     */
    DeletedVersion delete(String bucket, String key, String versionId);

    /**
     * One page of versions and delete markers in key order, newest first within a key.
     *
     * @param keyMarker start after this key (empty: from the start)
     * @param versionIdMarker with {@code keyMarker}: start after this version of it
     * @param delimiter rolls keys up into common prefixes (empty: none)
     */
    VersionListing list(
            String bucket, String prefix, String keyMarker, String versionIdMarker, String delimiter, int maxKeys);

    /**
     * What a delete did.
     *
     * @param versionId the delete marker it added or the version it removed; empty in an unversioned bucket
     * @param deleteMarker whether that version is a delete marker
     */
    record DeletedVersion(String versionId, boolean deleteMarker) {
        public DeletedVersion {
            Objects.requireNonNull(versionId, "versionId is null");
        }
    }

    /**
     * A version in a listing.
     *
     * @param info the version (its {@link ObjectInfo#versionId()} is never empty)
     * @param deleteMarker whether it is a delete marker
     * @param latest whether it is the newest version of its key
     */
    record ObjectVersion(ObjectInfo info, boolean deleteMarker, boolean latest) {
        public ObjectVersion {
            Objects.requireNonNull(info, "info is null");
        }
    }

    /**
     * One page of a version listing.
     *
     * @param versions versions and delete markers
     * @param commonPrefixes rolled-up prefixes
     * @param truncated whether more follow
     * @param nextKeyMarker where the next page starts, when truncated
     * @param nextVersionIdMarker where the next page starts within that key (empty after a common prefix)
     */
    record VersionListing(
            List<ObjectVersion> versions,
            List<String> commonPrefixes,
            boolean truncated,
            String nextKeyMarker,
            String nextVersionIdMarker) {
        public VersionListing {
            versions = List.copyOf(versions);
            commonPrefixes = List.copyOf(commonPrefixes);
            Objects.requireNonNull(nextKeyMarker, "nextKeyMarker is null");
            Objects.requireNonNull(nextVersionIdMarker, "nextVersionIdMarker is null");
        }
    }
}
