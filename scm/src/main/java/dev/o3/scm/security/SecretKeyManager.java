package dev.o3.scm.security;

import com.google.errorprone.annotations.concurrent.GuardedBy;
import com.google.protobuf.ByteString;
import dev.o3.common.config.ConfigException;
import dev.o3.proto.hdds.SecretKeyProto;
import dev.o3.proto.scm.GetSecretKeysResponse;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The block-token keys of a secure cluster (HMAC-SHA256, 256 bits): SCM generates one at first start and a new one
 * every rotation period, and drops keys past their expiry. A new key becomes active (OMs sign with it) only after the
 * activation delay, time for every datanode to learn it from a heartbeat, so no datanode sees a token signed by a
 * key it does not know; until then OMs keep signing with the previous key. The first key is active at once. Keys are
 * kept in {@code secret_keys.bin} (0600) in SCM's metadata directory, so a restart keeps tokens valid. Thread-safe.
 */
public final class SecretKeyManager {
    private static final Logger LOG = LoggerFactory.getLogger(SecretKeyManager.class);
    private static final SecureRandom RANDOM = new SecureRandom();

    private final Path file;
    private final Clock clock;
    private final Duration rotation;
    private final Duration expiry;
    private final Duration activationDelay;

    @GuardedBy("this")
    private List<SecretKeyProto> keys;

    /**
     * Loads the keys kept in {@code file}, if any.
     *
     * @param rotation how long a key is the newest before the next is made
     * @param expiry how long a key is accepted after it became active
     * @param activationDelay how long after its creation a key becomes active
     */
    public SecretKeyManager(Path file, Clock clock, Duration rotation, Duration expiry, Duration activationDelay) {
        if (expiry.compareTo(rotation.plus(activationDelay)) <= 0) {
            throw new ConfigException("hdds.secret.key.expiry.duration (" + expiry
                    + ") must exceed hdds.secret.key.rotate.duration (" + rotation + ") plus the activation delay ("
                    + activationDelay + ")");
        }
        this.file = file;
        this.clock = clock;
        this.rotation = rotation;
        this.expiry = expiry;
        this.activationDelay = activationDelay;
        this.keys = load(file);
    }

    /** Drops expired keys and makes a new one when the newest is a rotation period old (or there is none). */
    public synchronized void rotateIfDue() {
        long now = clock.millis();
        List<SecretKeyProto> kept = new ArrayList<>(
                keys.stream().filter(key -> key.getExpiryMillis() > now).toList());
        boolean changed = kept.size() != keys.size();
        SecretKeyProto newest = kept.isEmpty() ? null : kept.get(kept.size() - 1);
        if (newest == null || now - newest.getActivationMillis() >= rotation.toMillis()) {
            long activation = newest == null ? now : now + activationDelay.toMillis();
            byte[] secret = new byte[32];
            RANDOM.nextBytes(secret);
            SecretKeyProto created = SecretKeyProto.newBuilder()
                    .setId(newest == null ? 1 : newest.getId() + 1)
                    .setActivationMillis(activation)
                    .setExpiryMillis(activation + expiry.toMillis())
                    .setKey(ByteString.copyFrom(secret))
                    .build();
            kept.add(created);
            changed = true;
            LOG.info(
                    "new block-token key {} (active from {} ms, {} keys kept)",
                    created.getId(),
                    activation,
                    kept.size());
        }
        if (changed) {
            keys = List.copyOf(kept);
            store(file, keys);
        }
    }

    /** Every unexpired key, oldest first. */
    public synchronized List<SecretKeyProto> keys() {
        long now = clock.millis();
        return keys.stream().filter(key -> key.getExpiryMillis() > now).toList();
    }

    private static List<SecretKeyProto> load(Path file) {
        try (InputStream in = Files.newInputStream(file)) {
            return List.copyOf(GetSecretKeysResponse.parseFrom(in).getKeysList());
        } catch (NoSuchFileException e) {
            return List.of();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the block-token keys in " + file, e);
        }
    }

    private static void store(Path file, List<SecretKeyProto> keys) {
        try {
            Files.createDirectories(file.toAbsolutePath().getParent());
            Path temporary = Files.createTempFile(
                    file.toAbsolutePath().getParent(),
                    ".secret_keys",
                    ".tmp",
                    PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
            try (OutputStream out = Files.newOutputStream(temporary)) {
                GetSecretKeysResponse.newBuilder().addAllKeys(keys).build().writeTo(out);
            }
            Files.move(temporary, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot keep the block-token keys in " + file, e);
        }
    }
}
