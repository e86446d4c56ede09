package dev.o3.common.security;

import java.util.Objects;

/**
 * A user's key pair, the same as their S3 credentials: the access key id (in O3 the user name) and the secret OM
 * keeps. Native requests are signed with it ({@link RequestSignature}).
 *
 * @param accessKeyId the access key id, which names the user
 * @param secret the secret access key
 */
public record UserCredential(String accessKeyId, String secret) {
    public UserCredential {
        Objects.requireNonNull(accessKeyId, "accessKeyId is null");
        Objects.requireNonNull(secret, "secret is null");
        if (accessKeyId.isBlank() || secret.isEmpty()) {
            throw new IllegalArgumentException("a credential needs an access key id and a secret");
        }
    }

    /** Never prints the secret. */
    @Override
    public String toString() {
        return "UserCredential[" + accessKeyId + "]";
    }
}
