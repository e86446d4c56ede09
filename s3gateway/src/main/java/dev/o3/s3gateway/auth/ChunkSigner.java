package dev.o3.s3gateway.auth;

import java.util.Objects;

/**
 * Continues the signature chain of a {@code STREAMING-AWS4-HMAC-SHA256-PAYLOAD[-TRAILER]} body: each chunk's
 * signature covers its data hash and the previous chunk's signature, starting from the request's seed signature.
 * Immutable and thread-safe.
 */
public final class ChunkSigner {
    private final byte[] signingKey;
    private final String amzDate;
    private final CredentialScope scope;
    private final String seedSignature;

    public ChunkSigner(byte[] signingKey, String amzDate, CredentialScope scope, String seedSignature) {
        this.signingKey = signingKey.clone();
        this.amzDate = Objects.requireNonNull(amzDate, "amzDate is null");
        this.scope = Objects.requireNonNull(scope, "scope is null");
        this.seedSignature = Objects.requireNonNull(seedSignature, "seedSignature is null");
    }

    /** The request's own signature, which the first chunk's signature chains from. */
    public String seedSignature() {
        return seedSignature;
    }

    /** The expected signature of a chunk whose data hashes (SHA-256, hex) to {@code chunkHash}. */
    public String chunkSignature(String previousSignature, String chunkHash) {
        String stringToSign = "AWS4-HMAC-SHA256-PAYLOAD\n" + amzDate + "\n" + scope.value() + "\n" + previousSignature
                + "\n" + SigV4.EMPTY_SHA256 + "\n" + chunkHash;
        return SigV4.sign(signingKey, stringToSign);
    }

    /** The expected {@code x-amz-trailer-signature} for trailing headers whose canonical form hashes to the hash. */
    public String trailerSignature(String previousSignature, String trailerHash) {
        String stringToSign = "AWS4-HMAC-SHA256-TRAILER\n" + amzDate + "\n" + scope.value() + "\n" + previousSignature
                + "\n" + trailerHash;
        return SigV4.sign(signingKey, stringToSign);
    }
}
