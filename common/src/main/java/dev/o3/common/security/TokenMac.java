package dev.o3.common.security;

import com.google.protobuf.ByteString;
import dev.o3.proto.hdds.BlockToken;
import dev.o3.proto.hdds.SecretKeyProto;
import java.security.InvalidKeyException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The HMAC-SHA256 that block and container tokens share: a token is its identifier and the MAC under one of the
 * {@link BlockTokenKeys} over a domain prefix (empty for block tokens) and the identifier, so the two kinds never pass
 * for each other. Thread-safe (a {@link Mac} per call).
 */
final class TokenMac {
    private static final String ALGORITHM = "HmacSHA256";

    private TokenMac() {}

    /** The newest active key of {@code keys} at {@code nowMillis}, to sign with. */
    static SecretKeyProto signingKey(BlockTokenKeys keys, long nowMillis) {
        return keys.signingKey(nowMillis)
                .orElseThrow(() -> new IllegalStateException("no block-token key from SCM yet; retry shortly"));
    }

    /** The serialized token: {@code identifier} with its MAC under {@code key}. */
    static ByteString seal(SecretKeyProto key, byte[] domain, ByteString identifier) {
        return BlockToken.newBuilder()
                .setIdentifier(identifier)
                .setSignature(ByteString.copyFrom(mac(key, domain, identifier)))
                .build()
                .toByteString();
    }

    /** Whether {@code token}'s signature is the MAC of its identifier under {@code key}, compared in constant time. */
    static boolean verifies(SecretKeyProto key, byte[] domain, BlockToken token) {
        return MessageDigest.isEqual(
                mac(key, domain, token.getIdentifier()), token.getSignature().toByteArray());
    }

    private static byte[] mac(SecretKeyProto key, byte[] domain, ByteString identifier) {
        try {
            Mac mac = Mac.getInstance(ALGORITHM);
            mac.init(new SecretKeySpec(key.getKey().toByteArray(), ALGORITHM));
            mac.update(domain);
            return mac.doFinal(identifier.toByteArray());
        } catch (NoSuchAlgorithmException | InvalidKeyException e) {
            throw new IllegalStateException("the JDK cannot compute " + ALGORITHM, e);
        }
    }
}
