package dev.o3.s3gateway.body;

import java.util.Objects;
import java.util.Optional;

/**
 * What the client declared about a body, checked once it has been read.
 *
 * @param length decoded length, -1 when unknown
 * @param sha256Hex signed payload hash, when the payload is signed in one piece
 * @param contentMd5 base64 MD5 from {@code Content-MD5}
 * @param checksum the {@code x-amz-checksum-*} algorithm, from a header or announced in {@code x-amz-trailer}
 * @param checksumValue the checksum value when sent as a header (else it comes as a trailer)
 */
record BodyExpectations(
        long length,
        Optional<String> sha256Hex,
        Optional<String> contentMd5,
        Optional<ChecksumAlgorithm> checksum,
        Optional<String> checksumValue) {
    BodyExpectations {
        Objects.requireNonNull(sha256Hex, "sha256Hex is null");
        Objects.requireNonNull(contentMd5, "contentMd5 is null");
        Objects.requireNonNull(checksum, "checksum is null");
        Objects.requireNonNull(checksumValue, "checksumValue is null");
    }
}
