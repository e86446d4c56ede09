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
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * Checks AWS Signature Version 4 on a request, signed either in the {@code Authorization} header or as a presigned
 * URL ({@code X-Amz-*} query parameters). The secret of the access key comes from the OM through
 * {@link SecretStore}; the region in the credential scope is not checked (O3 has one region). A request with neither
 * is anonymous: it passes here, and the OM lets it do only what public ACLs allow.
 *
 * <p>Failures: unknown key -> InvalidAccessKeyId, wrong signature ->
 * SignatureDoesNotMatch, request time off by more than the allowed skew -> RequestTimeTooSkewed, expired presigned
 * URL -> AccessDenied. Thread-safe.
 */
public final class SigV4Authenticator {
    static final DateTimeFormatter AMZ_DATE =
            DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'").withZone(ZoneOffset.UTC);
    private static final long MAX_PRESIGN_SECONDS = 7 * 24 * 3600;

    private final SecretStore secrets;
    private final Clock clock;
    private final Duration maxClockSkew;
    private final SigningKeys signingKeys = new SigningKeys();

    public SigV4Authenticator(SecretStore secrets, Clock clock, Duration maxClockSkew) {
        this.secrets = Objects.requireNonNull(secrets, "secrets is null");
        this.clock = Objects.requireNonNull(clock, "clock is null");
        this.maxClockSkew = Objects.requireNonNull(maxClockSkew, "maxClockSkew is null");
    }

    /**
     * Authenticates the request.
     *
     * @throws S3Exception with the S3 error to answer when it is not authentic
     */
    public AuthResult authenticate(SignableRequest request) {
        if (request.queryParameter("X-Amz-Signature").isPresent()
                || request.queryParameter("X-Amz-Algorithm").isPresent()) {
            return presigned(request);
        }
        return request.header("authorization")
                .map(authorization -> headerSigned(request, authorization))
                .orElseGet(() -> AuthResult.anonymous(
                        request.header("x-amz-content-sha256").orElse(SigV4.UNSIGNED_PAYLOAD)));
    }

    private AuthResult headerSigned(SignableRequest request, String authorization) {
        if (!authorization.startsWith(SigV4.ALGORITHM + " ")) {
            throw new S3Exception(
                    S3ErrorCode.INVALID_REQUEST,
                    "The authorization mechanism you have provided is not supported. Please use AWS4-HMAC-SHA256.");
        }
        String credential = null;
        String signedHeaders = null;
        String signature = null;
        for (String part : authorization.substring(SigV4.ALGORITHM.length() + 1).split(",", -1)) {
            String trimmed = part.trim();
            int eq = trimmed.indexOf('=');
            if (eq < 0) {
                continue;
            }
            String value = trimmed.substring(eq + 1).trim();
            switch (trimmed.substring(0, eq).trim()) {
                case "Credential" -> credential = value;
                case "SignedHeaders" -> signedHeaders = value;
                case "Signature" -> signature = value;
                default -> {}
            }
        }
        S3ErrorCode malformed = S3ErrorCode.AUTHORIZATION_HEADER_MALFORMED;
        if (credential == null || signedHeaders == null || signature == null) {
            throw new S3Exception(malformed, "Authorization header lacks Credential, SignedHeaders or Signature");
        }
        CredentialScope.Credential parsed = CredentialScope.parseCredential(credential, malformed);
        String amzDate = request.header("x-amz-date")
                .or(() -> request.header("date").map(SigV4Authenticator::amzDateOfHttpDate))
                .orElseThrow(() -> new S3Exception(S3ErrorCode.ACCESS_DENIED, "Missing x-amz-date or Date"));
        Instant time = parseAmzDate(amzDate, malformed);
        checkSkew(time);
        checkScopeDate(parsed.scope(), amzDate, malformed);
        String payloadHash = request.header("x-amz-content-sha256")
                .orElseThrow(() -> new S3Exception(
                        S3ErrorCode.INVALID_REQUEST, "Missing required header for this request: x-amz-content-sha256"));
        return verify(request, parsed, amzDate, signedHeaders, signature, payloadHash, null);
    }

    private AuthResult presigned(SignableRequest request) {
        S3ErrorCode malformed = S3ErrorCode.AUTHORIZATION_QUERY_PARAMETERS_ERROR;
        String algorithm = required(request, "X-Amz-Algorithm");
        if (!SigV4.ALGORITHM.equals(algorithm)) {
            throw new S3Exception(malformed, "X-Amz-Algorithm only supports \"AWS4-HMAC-SHA256\"");
        }
        CredentialScope.Credential parsed =
                CredentialScope.parseCredential(required(request, "X-Amz-Credential"), malformed);
        String amzDate = required(request, "X-Amz-Date");
        Instant time = parseAmzDate(amzDate, malformed);
        long expires;
        try {
            expires = Long.parseLong(required(request, "X-Amz-Expires"));
        } catch (NumberFormatException e) {
            throw new S3Exception(malformed, "X-Amz-Expires should be a number", e);
        }
        if (expires < 0 || expires > MAX_PRESIGN_SECONDS) {
            throw new S3Exception(malformed, "X-Amz-Expires must be between 0 and 604800 seconds");
        }
        Instant now = clock.instant();
        if (time.minus(maxClockSkew).isAfter(now)) {
            throw new S3Exception(S3ErrorCode.ACCESS_DENIED, "Request is not valid yet");
        }
        if (now.isAfter(time.plusSeconds(expires))) {
            throw new S3Exception(S3ErrorCode.ACCESS_DENIED, "Request has expired");
        }
        checkScopeDate(parsed.scope(), amzDate, malformed);
        String payloadHash = request.queryParameter("X-Amz-Content-Sha256").orElse(SigV4.UNSIGNED_PAYLOAD);
        String signature = required(request, "X-Amz-Signature");
        String signedHeaders = required(request, "X-Amz-SignedHeaders");
        return verify(request, parsed, amzDate, signedHeaders, signature, payloadHash, "X-Amz-Signature");
    }

    private AuthResult verify(
            SignableRequest request,
            CredentialScope.Credential credential,
            String amzDate,
            String signedHeaders,
            String signature,
            String payloadHash,
            String excludedQueryParameter) {
        List<String> headerNames = Arrays.stream(signedHeaders.split(";", -1))
                .map(name -> name.trim().toLowerCase(Locale.ROOT))
                .toList();
        if (!headerNames.contains("host")) {
            throw new S3Exception(S3ErrorCode.ACCESS_DENIED, "The host header must be signed");
        }
        S3Credentials credentials = lookup(credential.accessKeyId());
        byte[] signingKey = signingKeys.of(credentials.secretKey(), credential.scope());
        String canonical = CanonicalRequest.build(request, headerNames, payloadHash, excludedQueryParameter);
        String stringToSign = CanonicalRequest.stringToSign(amzDate, credential.scope(), canonical);
        String expected = SigV4.sign(signingKey, stringToSign);
        if (!SigV4.signaturesEqual(expected, signature.toLowerCase(Locale.ROOT))) {
            throw new S3Exception(S3ErrorCode.SIGNATURE_DOES_NOT_MATCH);
        }
        return AuthResult.signed(
                credentials, payloadHash, new ChunkSigner(signingKey, amzDate, credential.scope(), expected));
    }

    private S3Credentials lookup(String accessKeyId) {
        try {
            return secrets.credentials(accessKeyId);
        } catch (BackendException e) {
            throw S3Errors.translate(e);
        }
    }

    private void checkSkew(Instant time) {
        Duration skew = Duration.between(time, clock.instant()).abs();
        if (skew.compareTo(maxClockSkew) > 0) {
            throw new S3Exception(S3ErrorCode.REQUEST_TIME_TOO_SKEWED);
        }
    }

    private static void checkScopeDate(CredentialScope scope, String amzDate, S3ErrorCode errorCode) {
        if (!amzDate.startsWith(scope.date())) {
            throw new S3Exception(errorCode, "The credential date " + scope.date() + " does not match " + amzDate);
        }
    }

    /** The ISO basic form of an RFC 1123 {@code Date} header (used when {@code x-amz-date} is absent). */
    private static String amzDateOfHttpDate(String httpDate) {
        try {
            return AMZ_DATE.format(DateTimeFormatter.RFC_1123_DATE_TIME.parse(httpDate.trim(), Instant::from));
        } catch (DateTimeParseException e) {
            throw new S3Exception(S3ErrorCode.ACCESS_DENIED, "Invalid Date header " + httpDate, e);
        }
    }

    private static Instant parseAmzDate(String amzDate, S3ErrorCode errorCode) {
        try {
            return Instant.from(AMZ_DATE.parse(amzDate));
        } catch (DateTimeParseException e) {
            throw new S3Exception(errorCode, "Invalid date " + amzDate, e);
        }
    }

    private static String required(SignableRequest request, String name) {
        return request.queryParameter(name)
                .orElseThrow(() -> new S3Exception(
                        S3ErrorCode.AUTHORIZATION_QUERY_PARAMETERS_ERROR,
                        "Query-string authentication requires " + name));
    }
}
