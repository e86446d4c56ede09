package dev.o3.s3gateway.auth;

import dev.o3.s3gateway.error.S3ErrorCode;
import dev.o3.s3gateway.error.S3Exception;
import java.util.Arrays;
import java.util.Objects;

/**
 * The scope part of a SigV4 credential, {@code date/region/service/aws4_request}.
 *
 * @param date yyyyMMdd
 * @param region the region the client signed for (any region is accepted)
 * @param service {@code s3}
 */
public record CredentialScope(String date, String region, String service) {
    static final String TERMINATOR = "aws4_request";

    public CredentialScope {
        Objects.requireNonNull(date, "date is null");
        Objects.requireNonNull(region, "region is null");
        Objects.requireNonNull(service, "service is null");
    }

    /**
     * Parses {@code accessKey/date/region/service/aws4_request}; returns the access key and scope.
     *
     * @throws S3Exception {@code errorCode} when the credential is malformed
     */
    static Credential parseCredential(String credential, S3ErrorCode errorCode) {
        String[] parts = credential.split("/", -1);
        if (parts.length < 5 || !TERMINATOR.equals(parts[parts.length - 1])) {
            throw new S3Exception(errorCode, "Malformed credential: " + credential);
        }
        int n = parts.length;
        // An access key id may itself contain '/' (e.g. a Kerberos principal), so the scope is the last four parts.
        String accessKey = String.join("/", Arrays.asList(parts).subList(0, n - 4));
        if (accessKey.isEmpty() || parts[n - 4].length() != 8) {
            throw new S3Exception(errorCode, "Malformed credential: " + credential);
        }
        return new Credential(accessKey, new CredentialScope(parts[n - 4], parts[n - 3], parts[n - 2]));
    }

    /** {@code date/region/service/aws4_request}, as it appears in strings to sign. */
    public String value() {
        return date + "/" + region + "/" + service + "/" + TERMINATOR;
    }

    /** An access key with its scope. */
    record Credential(String accessKeyId, CredentialScope scope) {}
}
