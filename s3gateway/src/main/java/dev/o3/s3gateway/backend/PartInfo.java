package dev.o3.s3gateway.backend;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * An uploaded part of a multipart upload.
 *
 * @param partNumber 1..10000
 * @param etag hex MD5 of the part's data, without quotes
 * @param size length in bytes
 * @param lastModified upload time
 * @param checksum the additional checksum the gateway verified when the part was uploaded, if it had one
 */
public record PartInfo(
        int partNumber, String etag, long size, Instant lastModified, Optional<ObjectChecksum> checksum) {
    public PartInfo {
        Objects.requireNonNull(etag, "etag is null");
        Objects.requireNonNull(lastModified, "lastModified is null");
        Objects.requireNonNull(checksum, "checksum is null");
    }
}
