package dev.o3.s3gateway.body;

import dev.o3.s3gateway.auth.AuthResult;
import dev.o3.s3gateway.auth.ChunkSigner;
import dev.o3.s3gateway.auth.SigV4;
import dev.o3.s3gateway.auth.SignableRequest;
import dev.o3.s3gateway.error.S3ErrorCode;
import dev.o3.s3gateway.error.S3Exception;
import java.util.Base64;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Chooses how to decode and verify a request body from its signed payload mode ({@code x-amz-content-sha256}):
 * a SHA-256 hex value or {@code UNSIGNED-PAYLOAD} (raw body), {@code STREAMING-AWS4-HMAC-SHA256-PAYLOAD[-TRAILER]}
 * (signed chunks) or {@code STREAMING-UNSIGNED-PAYLOAD-TRAILER} (unsigned chunks with trailing checksums).
 */
public final class BodyDecoding {
    private static final String SIGNED_STREAMING = "STREAMING-AWS4-HMAC-SHA256-PAYLOAD";
    private static final String SIGNED_STREAMING_TRAILER = "STREAMING-AWS4-HMAC-SHA256-PAYLOAD-TRAILER";
    private static final String UNSIGNED_STREAMING_TRAILER = "STREAMING-UNSIGNED-PAYLOAD-TRAILER";
    private static final Pattern SHA256_HEX = Pattern.compile("[0-9a-fA-F]{64}");

    private BodyDecoding() {}

    /**
     * Wraps the raw body of an authenticated or anonymous request.
     *
     * @throws S3Exception when the payload mode or checksum headers are invalid or unsupported
     */
    public static VerifyingBody decode(BodySource raw, SignableRequest request, AuthResult auth) {
        String mode = auth.payloadHash();
        Optional<ChecksumAlgorithm> headerChecksum = headerChecksum(request);
        Optional<String> checksumValue = headerChecksum.flatMap(algorithm -> request.header(algorithm.headerName()));
        Optional<String> contentMd5 = request.header("content-md5");
        contentMd5.ifPresent(BodyDecoding::checkMd5Format);
        return switch (mode) {
            case SigV4.UNSIGNED_PAYLOAD -> raw(
                    raw, request, Optional.empty(), contentMd5, headerChecksum, checksumValue);
            case SIGNED_STREAMING, SIGNED_STREAMING_TRAILER, UNSIGNED_STREAMING_TRAILER -> {
                boolean trailers = !mode.equals(SIGNED_STREAMING);
                AwsChunkedDecoder decoder = new AwsChunkedDecoder(
                        raw, mode.equals(UNSIGNED_STREAMING_TRAILER) ? null : chunkSigner(auth), trailers);
                Optional<ChecksumAlgorithm> checksum = trailers ? trailerChecksum(request) : Optional.empty();
                long length = longHeader(request, "x-amz-decoded-content-length");
                yield new VerifyingBody(
                        decoder,
                        new BodyExpectations(
                                length,
                                Optional.empty(),
                                contentMd5,
                                checksum.or(() -> headerChecksum),
                                checksum.isPresent() ? Optional.empty() : checksumValue),
                        decoder::trailers);
            }
            default -> {
                if (mode.startsWith("STREAMING-")) {
                    throw new S3Exception(S3ErrorCode.NOT_IMPLEMENTED, "Payload mode " + mode + " is not supported");
                }
                if (!SHA256_HEX.matcher(mode).matches()) {
                    throw new S3Exception(S3ErrorCode.INVALID_ARGUMENT, "Invalid x-amz-content-sha256: " + mode);
                }
                yield raw(
                        raw,
                        request,
                        Optional.of(mode.toLowerCase(Locale.ROOT)),
                        contentMd5,
                        headerChecksum,
                        checksumValue);
            }
        };
    }

    private static ChunkSigner chunkSigner(AuthResult auth) {
        return auth.chunkSigner()
                .orElseThrow(() ->
                        new S3Exception(S3ErrorCode.ACCESS_DENIED, "Signed aws-chunked bodies need a signed request"));
    }

    private static VerifyingBody raw(
            BodySource raw,
            SignableRequest request,
            Optional<String> sha256,
            Optional<String> contentMd5,
            Optional<ChecksumAlgorithm> checksum,
            Optional<String> checksumValue) {
        long length = longHeader(request, "content-length");
        return new VerifyingBody(
                raw, new BodyExpectations(length, sha256, contentMd5, checksum, checksumValue), Map::of);
    }

    /**
     * The one {@code x-amz-checksum-*} header of the request, if any.
     *
     * @throws S3Exception InvalidRequest, as S3, for two checksum headers or a value that is not a base64 checksum of
     *     the algorithm's length
     */
    private static Optional<ChecksumAlgorithm> headerChecksum(SignableRequest request) {
        Optional<ChecksumAlgorithm> found = Optional.empty();
        for (ChecksumAlgorithm algorithm : ChecksumAlgorithm.values()) {
            Optional<String> value = request.header(algorithm.headerName());
            if (value.isEmpty()) {
                continue;
            }
            if (found.isPresent()) {
                throw new S3Exception(
                        S3ErrorCode.INVALID_REQUEST,
                        "Expecting a single x-amz-checksum- header. Multiple checksum Types are not allowed.");
            }
            if (!isBase64OfLength(value.get(), algorithm.length())) {
                throw new S3Exception(
                        S3ErrorCode.INVALID_REQUEST, "Value for " + algorithm.headerName() + " header is invalid.");
            }
            found = Optional.of(algorithm);
        }
        return found;
    }

    private static boolean isBase64OfLength(String value, int length) {
        try {
            return Base64.getDecoder().decode(value.trim()).length == length;
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    private static Optional<ChecksumAlgorithm> trailerChecksum(SignableRequest request) {
        Optional<String> announced = request.header("x-amz-trailer");
        if (announced.isEmpty()) {
            return Optional.empty();
        }
        String name = announced.get().trim().toLowerCase(Locale.ROOT);
        return Optional.of(ChecksumAlgorithm.ofHeader(name)
                .orElseThrow(() -> new S3Exception(S3ErrorCode.INVALID_REQUEST, "Unsupported trailer " + name)));
    }

    private static void checkMd5Format(String contentMd5) {
        try {
            if (Base64.getDecoder().decode(contentMd5).length != 16) {
                throw new S3Exception(S3ErrorCode.INVALID_DIGEST);
            }
        } catch (IllegalArgumentException e) {
            throw new S3Exception(S3ErrorCode.INVALID_DIGEST, S3ErrorCode.INVALID_DIGEST.defaultMessage(), e);
        }
    }

    private static long longHeader(SignableRequest request, String name) {
        Optional<String> value = request.header(name);
        if (value.isEmpty()) {
            return -1;
        }
        try {
            return Long.parseLong(value.get().trim());
        } catch (NumberFormatException e) {
            throw new S3Exception(S3ErrorCode.INVALID_ARGUMENT, "Invalid " + name + ": " + value.get(), e);
        }
    }
}
