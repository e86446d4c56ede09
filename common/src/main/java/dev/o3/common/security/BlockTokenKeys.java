package dev.o3.common.security;

import dev.o3.proto.hdds.SecretKeyProto;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * The block-token keys a node knows: in secure mode the ones SCM generated and rotates (OMs fetch them, datanodes get
 * them with every heartbeat), or a single static key ({@code hdds.block.token.secret}, id 0) that never expires. OMs
 * sign with the newest active key; datanodes accept any unexpired key they know, the current or an earlier one, so a
 * token handed out before a rotation stays good until it or its key expires. Thread-safe: replaced as a whole.
 */
public final class BlockTokenKeys {
    private volatile List<SecretKeyProto> keys;

    private BlockTokenKeys(List<SecretKeyProto> keys) {
        this.keys = sorted(keys);
    }

    /** Keys to be filled from SCM ({@link #update}); none until then. */
    public static BlockTokenKeys fromScm() {
        return new BlockTokenKeys(List.of());
    }

    /** The one static key of {@code hdds.block.token.secret}. */
    public static BlockTokenKeys fixed(String secret) {
        if (secret.isEmpty()) {
            throw new IllegalArgumentException("block token secret is empty");
        }
        return new BlockTokenKeys(List.of(SecretKeyProto.newBuilder()
                .setId(0)
                .setActivationMillis(0)
                .setExpiryMillis(Long.MAX_VALUE)
                .setKey(com.google.protobuf.ByteString.copyFromUtf8(secret))
                .build()));
    }

    /** Replaces the known keys with SCM's current list (every unexpired key). An empty list changes nothing. */
    public void update(List<SecretKeyProto> fromScm) {
        if (!fromScm.isEmpty()) {
            keys = sorted(fromScm);
        }
    }

    /** The key to sign with at {@code nowMillis}: the newest one active and unexpired. */
    public Optional<SecretKeyProto> signingKey(long nowMillis) {
        List<SecretKeyProto> known = keys;
        for (int i = known.size() - 1; i >= 0; i--) {
            SecretKeyProto key = known.get(i);
            if (key.getActivationMillis() <= nowMillis && key.getExpiryMillis() > nowMillis) {
                return Optional.of(key);
            }
        }
        return Optional.empty();
    }

    /** The key {@code id}, if known and unexpired at {@code nowMillis}. */
    public Optional<SecretKeyProto> find(long id, long nowMillis) {
        return keys.stream()
                .filter(key -> key.getId() == id && key.getExpiryMillis() > nowMillis)
                .findFirst();
    }

    /** Every known key, oldest first. */
    public List<SecretKeyProto> all() {
        return keys;
    }

    private static List<SecretKeyProto> sorted(List<SecretKeyProto> keys) {
        return keys.stream()
                .sorted(Comparator.comparingLong(SecretKeyProto::getId))
                .toList();
    }
}
