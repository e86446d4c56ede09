package dev.o3.s3gateway.backend;

/** S3 secrets as kept by the OM ({@code ozone s3 getsecret}). Thread-safe; may block. */
public interface SecretStore {
    /**
     * The credentials of an access key.
     *
     * @throws BackendException with {@link BackendStatus#S3_SECRET_NOT_FOUND} when the key is unknown
     */
    S3Credentials credentials(String accessKeyId);
}
