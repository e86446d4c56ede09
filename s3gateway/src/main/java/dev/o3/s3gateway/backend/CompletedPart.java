package dev.o3.s3gateway.backend;

import java.util.Objects;

/**
 * A part the client lists in CompleteMultipartUpload.
 *
 * @param partNumber the part number
 * @param etag the part's ETag as the client saw it, without quotes
 */
public record CompletedPart(int partNumber, String etag) {
    public CompletedPart {
        Objects.requireNonNull(etag, "etag is null");
    }
}
