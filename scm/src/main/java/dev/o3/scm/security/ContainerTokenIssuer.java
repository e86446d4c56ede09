package dev.o3.scm.security;

import com.google.protobuf.ByteString;
import dev.o3.common.config.CommonConfigKeys;
import dev.o3.common.config.OzoneConfiguration;
import dev.o3.common.security.BlockTokenConfig;
import dev.o3.common.security.BlockTokenKeys;
import dev.o3.common.security.ContainerTokenSigner;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Signs the container tokens SCM hands to administrators ({@code GetContainerToken}), with the block-token keys
 * datanodes check them against: SCM's current rotated keys, or the static test secret. With security off it issues
 * empty tokens, which datanodes then do not ask for. Thread-safe.
 */
public final class ContainerTokenIssuer {
    private final Optional<Supplier<BlockTokenKeys>> keys;
    private final Clock clock;
    private final Duration lifetime;

    /**
     * @param keys the keys to sign with, read anew for every token (empty: security is off)
     * @param lifetime how long a token stays valid (the block-token lifetime)
     */
    public ContainerTokenIssuer(Optional<Supplier<BlockTokenKeys>> keys, Clock clock, Duration lifetime) {
        this.keys = keys;
        this.clock = clock;
        this.lifetime = lifetime;
    }

    /**
     * The issuer of a secure SCM: signing with the static test secret when one is set, else with {@code keys}' current
     * keys; issuing empty tokens with security off.
     */
    public static ContainerTokenIssuer of(OzoneConfiguration conf, Optional<SecretKeyManager> keys, Clock clock) {
        Optional<Supplier<BlockTokenKeys>> signing = BlockTokenConfig.secret(conf)
                .<Supplier<BlockTokenKeys>>map(secret -> () -> BlockTokenKeys.fixed(secret))
                .or(() -> keys.map(manager -> () -> {
                    BlockTokenKeys current = BlockTokenKeys.fromScm();
                    current.update(manager.keys());
                    return current;
                }));
        return new ContainerTokenIssuer(signing, clock, conf.get(CommonConfigKeys.BLOCK_TOKEN_LIFETIME));
    }

    /**
     * A token for {@code containerId} issued to {@code owner}; empty when security is off.
     *
     * @throws IllegalStateException when SCM has no active key yet
     */
    public ByteString issue(long containerId, String owner) {
        return keys.map(current -> new ContainerTokenSigner(current.get(), clock, lifetime).sign(containerId, owner))
                .orElse(ByteString.EMPTY);
    }
}
