package dev.o3.client.api;

import java.time.Instant;
import java.util.Map;
import java.util.Objects;

/**
 * A part of a multipart upload.
 *
 * @param partNumber 1..10000
 * @param etag hex MD5 of its data
 * @param size length in bytes
 * @param modified when it was committed
 * @param metadata what the writer stored with it (the S3 gateway: its verified checksum)
 */
public record UploadedPart(int partNumber, String etag, long size, Instant modified, Map<String, String> metadata) {
    public UploadedPart {
        Objects.requireNonNull(etag, "etag is null");
        Objects.requireNonNull(modified, "modified is null");
        metadata = Map.copyOf(metadata);
    }
}
