package dev.o3.common.security;

import com.google.protobuf.ByteString;
import com.google.protobuf.InvalidProtocolBufferException;
import dev.o3.proto.hdds.BlockId;
import dev.o3.proto.hdds.BlockToken;
import dev.o3.proto.hdds.BlockTokenIdentifier;
import java.nio.charset.StandardCharsets;
import java.security.InvalidKeyException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Issues and checks block tokens: a {@link BlockTokenIdentifier} (block id, access mode, expiry, owner) and its
 * HMAC-SHA256 under the secret OM shares with the datanodes ({@link BlockTokenConfig}). Checking recomputes the MAC
 * over the exact identifier bytes and compares in constant time. Thread-safe (a {@link Mac} per call).
 */
public final class BlockTokenSigner {
    private static final String ALGORITHM = "HmacSHA256";

    /** What a token allows. */
    public enum Mode {
        READ,
        WRITE
    }

    private final SecretKeySpec key;
    private final Clock clock;
    private final Duration lifetime;

    public BlockTokenSigner(String secret, Clock clock, Duration lifetime) {
        if (secret.isEmpty()) {
            throw new IllegalArgumentException("block token secret is empty");
        }
        this.key = new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), ALGORITHM);
        this.clock = clock;
        this.lifetime = lifetime;
    }

    /** A token for {@code block}, valid for the configured lifetime from now. */
    public ByteString sign(BlockId block, Mode mode, String owner) {
        ByteString identifier = BlockTokenIdentifier.newBuilder()
                .setBlockId(BlockId.newBuilder()
                        .setContainerId(block.getContainerId())
                        .setLocalId(block.getLocalId()))
                .setAccessMode(mode.name())
                .setExpiryMillis(clock.millis() + lifetime.toMillis())
                .setOwner(owner)
                .build()
                .toByteString();
        return BlockToken.newBuilder()
                .setIdentifier(identifier)
                .setSignature(ByteString.copyFrom(mac(identifier)))
                .build()
                .toByteString();
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
            if (!MessageDigest.isEqual(
                    mac(parsed.getIdentifier()), parsed.getSignature().toByteArray())) {
                throw new BlockTokenException("block token for " + describe(block) + " has a bad signature");
            }
            identifier = BlockTokenIdentifier.parseFrom(parsed.getIdentifier());
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

    private byte[] mac(ByteString identifier) {
        try {
            Mac mac = Mac.getInstance(ALGORITHM);
            mac.init(key);
            return mac.doFinal(identifier.toByteArray());
        } catch (NoSuchAlgorithmException | InvalidKeyException e) {
            throw new IllegalStateException("the JDK cannot compute " + ALGORITHM, e);
        }
    }
}
