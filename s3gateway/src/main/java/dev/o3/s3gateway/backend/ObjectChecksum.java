package dev.o3.s3gateway.backend;

import java.util.Locale;
import java.util.Objects;

/**
 * An S3 additional checksum of a whole object, verified by the gateway when the object was written.
 *
 * @param algorithm the algorithm as S3 names it in upper case ({@code CRC32}, {@code CRC32C}, {@code CRC64NVME},
 *     {@code SHA1}, {@code SHA256})
 * @param value the base64 checksum, as in the {@code x-amz-checksum-*} header
 */
public record ObjectChecksum(String algorithm, String value) {
    public ObjectChecksum {
        Objects.requireNonNull(algorithm, "algorithm is null");
        Objects.requireNonNull(value, "value is null");
    }

    /** The header (and XML element suffix) carrying this checksum, e.g. {@code x-amz-checksum-crc32}. */
    public String headerName() {
        return "x-amz-checksum-" + algorithm.toLowerCase(Locale.ROOT);
    }
}
