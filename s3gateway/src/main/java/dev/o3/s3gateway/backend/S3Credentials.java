package dev.o3.s3gateway.backend;

import java.util.Objects;

/**
 * An S3 access key, its secret and the user it acts as.
 *
 * @param accessKeyId the access key id sent by clients
 * @param secretKey the shared secret used to derive SigV4 signing keys
 * @param user the O3 user requests signed with this key act as (bucket owner on create)
 */
public record S3Credentials(String accessKeyId, String secretKey, String user) {
    public S3Credentials {
        Objects.requireNonNull(accessKeyId, "accessKeyId is null");
        Objects.requireNonNull(secretKey, "secretKey is null");
        Objects.requireNonNull(user, "user is null");
    }

    @Override
    public String toString() {
        return "S3Credentials[" + accessKeyId + " as " + user + "]";
    }
}
