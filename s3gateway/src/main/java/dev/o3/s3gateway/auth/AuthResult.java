package dev.o3.s3gateway.auth;

import dev.o3.s3gateway.backend.Requester;
import dev.o3.s3gateway.backend.S3Credentials;
import java.util.Objects;
import java.util.Optional;

/**
 * An authenticated request, or an anonymous one (neither an {@code Authorization} header nor a presigned query).
 *
 * @param credentials whose key signed it (and so which user it acts as); empty when anonymous
 * @param payloadHash the payload description: a hex SHA-256, {@code UNSIGNED-PAYLOAD} or a {@code STREAMING-*} mode
 * @param chunkSigner continues the signature chain for signed {@code aws-chunked} bodies; empty when anonymous
 */
public record AuthResult(Optional<S3Credentials> credentials, String payloadHash, Optional<ChunkSigner> chunkSigner) {
    public AuthResult {
        Objects.requireNonNull(credentials, "credentials is null");
        Objects.requireNonNull(payloadHash, "payloadHash is null");
        Objects.requireNonNull(chunkSigner, "chunkSigner is null");
    }

    /** A signed request. */
    public static AuthResult signed(S3Credentials credentials, String payloadHash, ChunkSigner chunkSigner) {
        return new AuthResult(Optional.of(credentials), payloadHash, Optional.of(chunkSigner));
    }

    /** A request signed with SigV2, which signs no payload and so has no chunk signatures. */
    public static AuthResult signedV2(S3Credentials credentials) {
        return new AuthResult(Optional.of(credentials), SigV4.UNSIGNED_PAYLOAD, Optional.empty());
    }

    /** An anonymous request with its (unverifiable) payload description. */
    public static AuthResult anonymous(String payloadHash) {
        return new AuthResult(Optional.empty(), payloadHash, Optional.empty());
    }

    /** Who the request acts as. */
    public Requester requester() {
        return credentials.map(signer -> Requester.of(signer.user())).orElse(Requester.ANONYMOUS);
    }
}
