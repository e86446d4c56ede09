package dev.o3.s3gateway.auth;

import dev.o3.s3gateway.backend.BackendException;
import dev.o3.s3gateway.backend.S3Credentials;
import dev.o3.s3gateway.backend.SecretStore;
import dev.o3.s3gateway.error.S3ErrorCode;
import dev.o3.s3gateway.error.S3Errors;
import dev.o3.s3gateway.error.S3Exception;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Objects;
import java.util.Optional;

/**
 * Checks AWS Signature Version 2, for older tools: {@code Authorization: AWS <key>:<signature>} headers and presigned
 * URLs ({@code AWSAccessKeyId}, {@code Expires}, {@code Signature}). V2 signs no payload, so bodies are checked only
 * against {@code Content-MD5} and {@code x-amz-checksum-*} headers. Failures are answered as S3 does: a malformed
 * header InvalidArgument, a missing date or an expired URL AccessDenied, skew RequestTimeTooSkewed, a wrong
 * signature SignatureDoesNotMatch. Thread-safe.
 */
public final class SigV2Authenticator {
    static final String HEADER_PREFIX = "AWS ";

    private final SecretStore secrets;
    private final Clock clock;
    private final Duration maxClockSkew;

    public SigV2Authenticator(SecretStore secrets, Clock clock, Duration maxClockSkew) {
        this.secrets = Objects.requireNonNull(secrets, "secrets is null");
        this.clock = Objects.requireNonNull(clock, "clock is null");
        this.maxClockSkew = Objects.requireNonNull(maxClockSkew, "maxClockSkew is null");
    }

    /** Whether the request is signed with V2 (header or query), rather than V4 or not at all. */
    public static boolean isV2(SignableRequest request) {
        return request.header("authorization")
                        .filter(value -> value.startsWith(HEADER_PREFIX))
                        .isPresent()
                || request.queryParameter("AWSAccessKeyId").isPresent();
    }

    /**
     * Authenticates a V2-signed request.
     *
     * @param resourcePath the path as sent, after {@code /bucket} when the bucket was addressed by host name
     * @throws S3Exception with the S3 error to answer when it is not authentic
     */
    public AuthResult authenticate(SignableRequest signable, String resourcePath) {
        Optional<String> authorization = signable.header("authorization");
        if (authorization.isPresent()) {
            return headerSigned(signable, resourcePath, authorization.get());
        }
        return presigned(signable, resourcePath);
    }

    private AuthResult headerSigned(SignableRequest signable, String resourcePath, String authorization) {
        String credential = authorization.substring(HEADER_PREFIX.length()).trim();
        int colon = credential.lastIndexOf(':');
        if (colon <= 0 || colon == credential.length() - 1) {
            throw new S3Exception(
                    S3ErrorCode.INVALID_ARGUMENT,
                    "AWS authorization header is invalid.  Expected AwsAccessKeyId:signature");
        }
        Optional<String> amzDate = signable.header("x-amz-date");
        String date = amzDate.or(() -> signable.header("date"))
                .orElseThrow(() -> new S3Exception(
                        S3ErrorCode.ACCESS_DENIED, "AWS authentication requires a valid Date or x-amz-date header"));
        checkSkew(parseHttpDate(date));
        String stringToSign = SigV2.stringToSign(signable, resourcePath, amzDate.isPresent() ? "" : date);
        return verify(credential.substring(0, colon), credential.substring(colon + 1), stringToSign);
    }

    private AuthResult presigned(SignableRequest signable, String resourcePath) {
        Optional<String> accessKey = signable.queryParameter("AWSAccessKeyId");
        Optional<String> expires = signable.queryParameter("Expires");
        Optional<String> signature = signable.queryParameter("Signature");
        if (accessKey.isEmpty() || expires.isEmpty() || signature.isEmpty()) {
            throw new S3Exception(
                    S3ErrorCode.ACCESS_DENIED,
                    "Query-string authentication requires the Signature, Expires and AWSAccessKeyId parameters");
        }
        long expiry;
        try {
            expiry = Long.parseLong(expires.get());
        } catch (NumberFormatException e) {
            throw new S3Exception(S3ErrorCode.ACCESS_DENIED, "Invalid Expires " + expires.get(), e);
        }
        if (clock.instant().isAfter(Instant.ofEpochSecond(expiry))) {
            throw new S3Exception(S3ErrorCode.ACCESS_DENIED, "Request has expired");
        }
        return verify(accessKey.get(), signature.get(), SigV2.stringToSign(signable, resourcePath, expires.get()));
    }

    private AuthResult verify(String accessKeyId, String signature, String stringToSign) {
        S3Credentials credentials;
        try {
            credentials = secrets.credentials(accessKeyId);
        } catch (BackendException e) {
            throw S3Errors.translate(e);
        }
        if (!SigV4.signaturesEqual(SigV2.sign(credentials.secretKey(), stringToSign), signature)) {
            throw new S3Exception(S3ErrorCode.SIGNATURE_DOES_NOT_MATCH);
        }
        return AuthResult.signedV2(credentials);
    }

    private void checkSkew(Instant time) {
        if (Duration.between(time, clock.instant()).abs().compareTo(maxClockSkew) > 0) {
            throw new S3Exception(S3ErrorCode.REQUEST_TIME_TOO_SKEWED);
        }
    }

    private static Instant parseHttpDate(String date) {
        try {
            return DateTimeFormatter.RFC_1123_DATE_TIME.parse(date.trim(), Instant::from);
        } catch (DateTimeParseException e) {
            throw new S3Exception(S3ErrorCode.ACCESS_DENIED, "Invalid date " + date, e);
        }
    }
}
