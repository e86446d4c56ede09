package dev.o3.s3gateway.backend;

import java.time.Instant;
import java.util.Objects;

/**
 * A committed object (an O3 key).
 *
 * @param key the object key
 * @param size length in bytes
 * @param etag the S3 ETag without quotes: hex MD5, or {@code md5-N} for multipart objects
 * @param lastModified commit time
 * @param attributes content type, user metadata and tags
 * @param versionId the version's id in a versioned bucket ("null" for the null version), else empty
 */
public record ObjectInfo(
        String key, long size, String etag, Instant lastModified, ObjectAttributes attributes, String versionId) {
    /** An object of an unversioned bucket. */
    public ObjectInfo(String key, long size, String etag, Instant lastModified, ObjectAttributes attributes) {
        this(key, size, etag, lastModified, attributes, "");
    }

    public ObjectInfo {
        Objects.requireNonNull(versionId, "versionId is null");
        Objects.requireNonNull(key, "key is null");
        Objects.requireNonNull(etag, "etag is null");
        Objects.requireNonNull(lastModified, "lastModified is null");
        Objects.requireNonNull(attributes, "attributes is null");
        if (size < 0) {
            throw new IllegalArgumentException("size must be >= 0: " + size);
        }
    }
}
