package dev.o3.s3gateway.backend;

import java.time.Instant;
import java.util.Objects;

/**
 * An in-progress multipart upload.
 *
 * @param key the object key it will create
 * @param uploadId its id
 * @param initiated when it was created
 */
public record UploadInfo(String key, String uploadId, Instant initiated) {
    public UploadInfo {
        Objects.requireNonNull(key, "key is null");
        Objects.requireNonNull(uploadId, "uploadId is null");
        Objects.requireNonNull(initiated, "initiated is null");
    }
}
