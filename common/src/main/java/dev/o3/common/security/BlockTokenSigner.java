package dev.o3.common.security;

import com.google.protobuf.ByteString;
import com.google.protobuf.InvalidProtocolBufferException;
import dev.o3.proto.hdds.BlockId;
import dev.o3.proto.hdds.BlockToken;
import dev.o3.proto.hdds.BlockTokenIdentifier;
import dev.o3.proto.hdds.SecretKeyProto;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;

/**
 * Issues and checks block tokens: a {@link BlockTokenIdentifier} (block id, access mode, expiry, owner, key id) and its
 * HMAC-SHA256 under one of the keys OM shares with the datanodes ({@link BlockTokenKeys}: SCM's rotated keys, or a
 * static secret). A token is signed with the newest active key and expires with its lifetime or its key, whichever
 * comes first. Checking finds the key the identifier names, recomputes the MAC over the exact identifier bytes and
 * compares in constant time. Thread-safe.
 */
public final class BlockTokenSigner {

    private static final byte[] NO_DOMAIN = new byte[0];

    /** What a token allows. */
    public enum Mode {
        READ,
        WRITE
    }

    private final BlockTokenKeys keys;
    private final Clock clock;
    private final Duration lifetime;

    /** A signer with one static secret. */
    public BlockTokenSigner(String secret, Clock clock, Duration lifetime) {
        this(BlockTokenKeys.fixed(secret), clock, lifetime);
    }

    /** A signer over {@code keys}, which may change under it (rotation). */
    public BlockTokenSigner(BlockTokenKeys keys, Clock clock, Duration lifetime) {
        this.keys = keys;
        this.clock = clock;
        this.lifetime = lifetime;
    }

    /** The container-token signer over the same keys, clock and lifetime. */
    public ContainerTokenSigner containerTokens() {
        return new ContainerTokenSigner(keys, clock, lifetime);
    }

    /**
     * A token for {@code block}, valid for the configured lifetime from now or until its key expires.
     *
     * @throws IllegalStateException when no key is active yet (OM has not heard from SCM)
     */
    public ByteString sign(BlockId block, Mode mode, String owner) {
        long now = clock.millis();
        SecretKeyProto key = TokenMac.signingKey(keys, now);
        ByteString identifier = BlockTokenIdentifier.newBuilder()
                .setBlockId(BlockId.newBuilder()
                        .setContainerId(block.getContainerId())
                        .setLocalId(block.getLocalId()))
                .setAccessMode(mode.name())
                .setExpiryMillis(Math.min(now + lifetime.toMillis(), key.getExpiryMillis()))
                .setOwner(owner)
                .setSecretKeyId(key.getId())
                .build()
                .toByteString();
        return TokenMac.seal(key, NO_DOMAIN, identifier);
    }

    /**
     * Checks that {@code token} is genuine, unexpired and grants {@code mode} on {@code block}.
     *
     * @throws BlockTokenException saying which of those it is not
     */
    public void check(ByteString token, BlockId block, Mode mode) throws BlockTokenException {
        if (token.isEmpty()) {
            throw new BlockTokenException("no block token for block " + describe(block));
        }
        BlockTokenIdentifier identifier;
        try {
            BlockToken parsed = BlockToken.parseFrom(token);
            identifier = BlockTokenIdentifier.parseFrom(parsed.getIdentifier());
            SecretKeyProto key = keys.find(identifier.getSecretKeyId(), clock.millis())
                    .orElseThrow(() -> new BlockTokenException("block token for " + describe(block)
                            + " was signed with secret key " + identifier.getSecretKeyId()
                            + ", which this node does not know or which expired"));
            if (!TokenMac.verifies(key, NO_DOMAIN, parsed)) {
                throw new BlockTokenException("block token for " + describe(block) + " has a bad signature");
            }
        } catch (InvalidProtocolBufferException e) {
            throw new BlockTokenException("block token for " + describe(block) + " is malformed");
        }
        if (identifier.getBlockId().getContainerId() != block.getContainerId()
                || identifier.getBlockId().getLocalId() != block.getLocalId()) {
            throw new BlockTokenException(
                    "block token for " + describe(identifier.getBlockId()) + " used for " + describe(block));
        }
        if (!identifier.getAccessMode().equals(mode.name())) {
            throw new BlockTokenException(
                    "block token for " + describe(block) + " grants " + identifier.getAccessMode() + ", not " + mode);
        }
        if (identifier.getExpiryMillis() <= clock.millis()) {
            throw new BlockTokenException("block token for " + describe(block) + " of " + identifier.getOwner()
                    + " expired at " + Instant.ofEpochMilli(identifier.getExpiryMillis()));
        }
    }

    private static String describe(BlockId block) {
        return block.getContainerId() + "/" + block.getLocalId();
    }
}
