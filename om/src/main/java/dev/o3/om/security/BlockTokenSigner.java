package dev.o3.om.security;

import com.google.protobuf.ByteString;
import com.google.protobuf.InvalidProtocolBufferException;
import dev.o3.proto.hdds.BlockId;
import dev.o3.proto.om.BlockToken;
import dev.o3.proto.om.BlockTokenIdentifier;
import java.nio.charset.StandardCharsets;
import java.security.InvalidKeyException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.time.Duration;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Issues and checks block tokens: a {@link BlockTokenIdentifier} (block id, access mode, expiry, owner) and its
 * HMAC-SHA256 under the secret OM shares with SCM and the datanodes. Verification recomputes the MAC over the exact
 * identifier bytes and compares in constant time. Thread-safe (a {@link Mac} per call).
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

    /** Whether {@code token} is genuine, unexpired and grants {@code mode} on {@code block}. */
    public boolean verify(ByteString token, BlockId block, Mode mode) {
        try {
            BlockToken parsed = BlockToken.parseFrom(token);
            if (!MessageDigest.isEqual(
                    mac(parsed.getIdentifier()), parsed.getSignature().toByteArray())) {
                return false;
            }
            BlockTokenIdentifier identifier = BlockTokenIdentifier.parseFrom(parsed.getIdentifier());
            return identifier.getBlockId().getContainerId() == block.getContainerId()
                    && identifier.getBlockId().getLocalId() == block.getLocalId()
                    && identifier.getAccessMode().equals(mode.name())
                    && identifier.getExpiryMillis() > clock.millis();
        } catch (InvalidProtocolBufferException e) {
            return false;
        }
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
