package dev.o3.s3gateway.auth;

import dev.o3.s3gateway.backend.BackendException;
import dev.o3.s3gateway.backend.S3Credentials;
import dev.o3.s3gateway.backend.SecretStore;
import dev.o3.s3gateway.error.S3ErrorCode;
import dev.o3.s3gateway.error.S3Errors;
import dev.o3.s3gateway.error.S3Exception;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Checks the signature of a browser POST upload's policy: SigV4 ({@code x-amz-algorithm}, {@code x-amz-credential},
 * {@code x-amz-date}, {@code x-amz-signature}: hex HMAC-SHA256 of the base64 policy under the scope's signing key) or
 * SigV2 ({@code AWSAccessKeyId}, {@code signature}: base64 HMAC-SHA1 of the base64 policy). Form field names are given
 * in lower case. Thread-safe.
 */
public final class PostPolicyAuthenticator {
    private final SecretStore secrets;

    public PostPolicyAuthenticator(SecretStore secrets) {
        this.secrets = Objects.requireNonNull(secrets, "secrets is null");
    }

    /**
     * The credentials whose key signed the policy.
     *
     * @param policy the base64 {@code policy} field as sent
     * @param fields the form fields by lower-case name
     * @throws S3Exception InvalidArgument for missing or malformed signature fields, InvalidAccessKeyId,
     *     SignatureDoesNotMatch
     */
    public S3Credentials authenticate(String policy, Map<String, String> fields) {
        Optional<String> algorithm = Optional.ofNullable(fields.get("x-amz-algorithm"));
        if (algorithm.isPresent()) {
            if (!algorithm.get().equals(SigV4.ALGORITHM)) {
                throw new S3Exception(S3ErrorCode.INVALID_ARGUMENT, "Unsupported x-amz-algorithm " + algorithm.get());
            }
            CredentialScope.Credential credential =
                    CredentialScope.parseCredential(required(fields, "x-amz-credential"), S3ErrorCode.INVALID_ARGUMENT);
            String amzDate = required(fields, "x-amz-date");
            if (!amzDate.startsWith(credential.scope().date())) {
                throw new S3Exception(S3ErrorCode.INVALID_ARGUMENT, "x-amz-date does not match the credential date");
            }
            S3Credentials credentials = lookup(credential.accessKeyId());
            String expected = SigV4.sign(SigV4.signingKey(credentials.secretKey(), credential.scope()), policy);
            check(expected, required(fields, "x-amz-signature").toLowerCase(Locale.ROOT));
            return credentials;
        }
        S3Credentials credentials = lookup(required(fields, "awsaccesskeyid"));
        check(SigV2.sign(credentials.secretKey(), policy), required(fields, "signature"));
        return credentials;
    }

    private static void check(String expected, String actual) {
        if (!SigV4.signaturesEqual(expected, actual)) {
            throw new S3Exception(S3ErrorCode.SIGNATURE_DOES_NOT_MATCH);
        }
    }

    private S3Credentials lookup(String accessKeyId) {
        try {
            return secrets.credentials(accessKeyId);
        } catch (BackendException e) {
            throw S3Errors.translate(e);
        }
    }

    private static String required(Map<String, String> fields, String name) {
        String value = fields.get(name);
        if (value == null || value.isEmpty()) {
            throw new S3Exception(
                    S3ErrorCode.INVALID_ARGUMENT,
                    "Bucket POST must contain a field named '" + name + "'.  If it is specified, please check the"
                            + " order of the fields.");
        }
        return value;
    }
}
