package dev.o3.s3gateway.backend;

import java.util.Objects;
import java.util.Optional;

/**
 * A part the client lists in CompleteMultipartUpload.
 *
 * @param partNumber the part number
 * @param etag the part's ETag as the client saw it, without quotes
 * @param checksum the part's additional checksum as the client lists it, if it lists one
 */
public record CompletedPart(int partNumber, String etag, Optional<ObjectChecksum> checksum) {
    public CompletedPart {
        Objects.requireNonNull(etag, "etag is null");
        Objects.requireNonNull(checksum, "checksum is null");
    }
}
