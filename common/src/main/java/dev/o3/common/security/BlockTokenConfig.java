package dev.o3.common.security;

import dev.o3.common.config.CommonConfigKeys;
import dev.o3.common.config.OzoneConfiguration;
import java.time.Clock;
import java.util.Optional;

/**
 * Whether block tokens are in force, and with which keys: in secure mode ({@code ozone.security.enabled}) the keys
 * SCM generates and rotates, unless {@code hdds.block.token.secret} sets one static key (for tests, or a cluster whose
 * every node shares it).
 */
public final class BlockTokenConfig {
    private BlockTokenConfig() {}

    /** The static secret when security is on and one is set, else empty. */
    public static Optional<String> secret(OzoneConfiguration conf) {
        if (!conf.get(CommonConfigKeys.SECURITY_ENABLED)) {
            return Optional.empty();
        }
        return conf.find(CommonConfigKeys.BLOCK_TOKEN_SECRET).filter(value -> !value.isEmpty());
    }

    /** Whether SCM generates and rotates the block-token keys: secure mode without a static secret. */
    public static boolean scmManaged(OzoneConfiguration conf) {
        return conf.get(CommonConfigKeys.SECURITY_ENABLED) && secret(conf).isEmpty();
    }

    /**
     * The keys tokens are signed and checked with when security is on, else empty: the static one, or an empty set
     * that the node fills from SCM.
     */
    public static Optional<BlockTokenKeys> keys(OzoneConfiguration conf) {
        if (!conf.get(CommonConfigKeys.SECURITY_ENABLED)) {
            return Optional.empty();
        }
        return Optional.of(secret(conf).map(BlockTokenKeys::fixed).orElseGet(BlockTokenKeys::fromScm));
    }

    /** The signer over {@code keys}, with the configured token lifetime. */
    public static BlockTokenSigner signer(OzoneConfiguration conf, BlockTokenKeys keys, Clock clock) {
        return new BlockTokenSigner(keys, clock, conf.get(CommonConfigKeys.BLOCK_TOKEN_LIFETIME));
    }
}
