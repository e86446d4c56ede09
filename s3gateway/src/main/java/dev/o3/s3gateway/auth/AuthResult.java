package dev.o3.s3gateway.auth;

import dev.o3.s3gateway.backend.S3Credentials;
import java.util.Objects;

/**
 * An authenticated request.
 *
 * @param credentials whose key signed it (and so which user it acts as)
 * @param payloadHash the signed payload description: a hex SHA-256, {@code UNSIGNED-PAYLOAD} or a
 *     {@code STREAMING-*} mode
 * @param chunkSigner continues the signature chain for signed {@code aws-chunked} bodies
 */
public record AuthResult(S3Credentials credentials, String payloadHash, ChunkSigner chunkSigner) {
    public AuthResult {
        Objects.requireNonNull(credentials, "credentials is null");
        Objects.requireNonNull(payloadHash, "payloadHash is null");
        Objects.requireNonNull(chunkSigner, "chunkSigner is null");
    }
}
