package dev.o3.client.api;

import java.time.Instant;
import java.util.Objects;

/**
 * A part of a multipart upload.
 *
 * @param partNumber 1..10000
 * @param etag hex MD5 of its data
 * @param size length in bytes
 * @param modified when it was committed
 */
public record UploadedPart(int partNumber, String etag, long size, Instant modified) {
    public UploadedPart {
        Objects.requireNonNull(etag, "etag is null");
        Objects.requireNonNull(modified, "modified is null");
    }
}
