package dev.o3.client.api;

import java.time.Instant;
import java.util.Objects;

/**
 * An in-progress multipart upload.
 *
 * @param key the key it will create
 * @param uploadId its id
 * @param initiated when it started
 */
public record MultipartUpload(String key, String uploadId, Instant initiated) {
    public MultipartUpload {
        Objects.requireNonNull(key, "key is null");
        Objects.requireNonNull(uploadId, "uploadId is null");
        Objects.requireNonNull(initiated, "initiated is null");
    }
}
