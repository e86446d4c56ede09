package dev.o3.common.security;

import com.google.protobuf.ByteString;
import com.google.protobuf.InvalidProtocolBufferException;
import dev.o3.proto.hdds.BlockToken;
import dev.o3.proto.hdds.ContainerTokenIdentifier;
import dev.o3.proto.hdds.SecretKeyProto;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;

/**
 * Issues and checks container tokens, which let their holder run container-scoped datanode commands (CloseContainer,
 * ListBlock) on one container: a {@link ContainerTokenIdentifier} (container id, expiry, owner, key id) and its
 * HMAC-SHA256 under one of the block-token keys ({@link BlockTokenKeys}). The MAC covers a fixed prefix before the
 * identifier, so no block token passes as a container token and no container token as a block token. Like block
 * tokens, a token signed by the current or any earlier unexpired key is accepted, so a key rotation never fails one
 * already handed out. Thread-safe.
 */
public final class ContainerTokenSigner {
    private static final byte[] DOMAIN = "o3-container-token\n".getBytes(StandardCharsets.US_ASCII);

    private final BlockTokenKeys keys;
    private final Clock clock;
    private final Duration lifetime;

    /** A signer over {@code keys}, which may change under it (rotation); tokens live {@code lifetime}. */
    public ContainerTokenSigner(BlockTokenKeys keys, Clock clock, Duration lifetime) {
        this.keys = keys;
        this.clock = clock;
        this.lifetime = lifetime;
    }

    /**
     * A token for {@code containerId} issued to {@code owner}, valid for the lifetime from now or until its key
     * expires.
     *
     * @throws IllegalStateException when no key is active yet
     */
    public ByteString sign(long containerId, String owner) {
        long now = clock.millis();
        SecretKeyProto key = TokenMac.signingKey(keys, now);
        ByteString identifier = ContainerTokenIdentifier.newBuilder()
                .setContainerId(containerId)
                .setExpiryMillis(Math.min(now + lifetime.toMillis(), key.getExpiryMillis()))
                .setOwner(owner)
                .setSecretKeyId(key.getId())
                .build()
                .toByteString();
        return TokenMac.seal(key, DOMAIN, identifier);
    }

    /**
     * Checks that {@code token} is genuine, unexpired and for {@code containerId}.
     *
     * @throws BlockTokenException saying which of those it is not
     */
    public void check(ByteString token, long containerId) throws BlockTokenException {
        if (token.isEmpty()) {
            throw new BlockTokenException("no container token for container " + containerId
                    + "; container commands need one from SCM (ozone admin) in secure mode");
        }
        ContainerTokenIdentifier identifier;
        try {
            BlockToken parsed = BlockToken.parseFrom(token);
            identifier = ContainerTokenIdentifier.parseFrom(parsed.getIdentifier());
            SecretKeyProto key = keys.find(identifier.getSecretKeyId(), clock.millis())
                    .orElseThrow(() -> new BlockTokenException("container token for container " + containerId
                            + " was signed with secret key " + identifier.getSecretKeyId()
                            + ", which this node does not know or which expired"));
            if (!TokenMac.verifies(key, DOMAIN, parsed)) {
                throw new BlockTokenException("container token for container " + containerId + " has a bad signature");
            }
        } catch (InvalidProtocolBufferException e) {
            throw new BlockTokenException("container token for container " + containerId + " is malformed");
        }
        if (identifier.getContainerId() != containerId) {
            throw new BlockTokenException("container token for container " + identifier.getContainerId()
                    + " used for container " + containerId);
        }
        if (identifier.getExpiryMillis() <= clock.millis()) {
            throw new BlockTokenException("container token for container " + containerId + " of "
                    + identifier.getOwner() + " expired at " + Instant.ofEpochMilli(identifier.getExpiryMillis()));
        }
    }
}
