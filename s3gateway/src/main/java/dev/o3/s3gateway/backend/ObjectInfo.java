package dev.o3.s3gateway.backend;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * A committed object (an O3 key).
 *
 * @param key the object key
 * @param size length in bytes
 * @param etag the S3 ETag without quotes: hex MD5, or {@code md5-N} for multipart objects
 * @param lastModified commit time
 * @param attributes content type, user metadata and tags
 * @param checksum the verified {@code x-amz-checksum-*} the object was written with, if any
 * @param versionId the version's id in a versioned bucket ("null" for the null version), else empty
 */
public record ObjectInfo(
        String key,
        long size,
        String etag,
        Instant lastModified,
        ObjectAttributes attributes,
        Optional<ObjectChecksum> checksum,
        String versionId) {
    public ObjectInfo {
        Objects.requireNonNull(key, "key is null");
        Objects.requireNonNull(etag, "etag is null");
        Objects.requireNonNull(lastModified, "lastModified is null");
        Objects.requireNonNull(attributes, "attributes is null");
        Objects.requireNonNull(checksum, "checksum is null");
        Objects.requireNonNull(versionId, "versionId is null");
        if (size < 0) {
            throw new IllegalArgumentException("size must be >= 0: " + size);
        }
    }

    /** An object of an unversioned bucket written without an additional checksum. */
    public ObjectInfo(String key, long size, String etag, Instant lastModified, ObjectAttributes attributes) {
        this(key, size, etag, lastModified, attributes, Optional.empty(), "");
    }

    /** An object version written without an additional checksum. */
    public ObjectInfo(
            String key, long size, String etag, Instant lastModified, ObjectAttributes attributes, String versionId) {
        this(key, size, etag, lastModified, attributes, Optional.empty(), versionId);
    }
}
