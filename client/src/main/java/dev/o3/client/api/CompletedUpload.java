package dev.o3.client.api;

import java.util.Objects;

/**
 * A completed multipart upload.
 *
 * @param etag the key's multipart ETag
 * @param versionId its version id in a versioned bucket ("null" when versioning is suspended), else empty
 */
public record CompletedUpload(String etag, String versionId) {
    public CompletedUpload {
        Objects.requireNonNull(etag, "etag is null");
        Objects.requireNonNull(versionId, "versionId is null");
    }
}
