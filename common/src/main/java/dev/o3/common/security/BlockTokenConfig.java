package dev.o3.common.security;

import dev.o3.common.config.CommonConfigKeys;
import dev.o3.common.config.ConfigException;
import dev.o3.common.config.OzoneConfiguration;
import java.time.Clock;
import java.util.Optional;

/** Whether block tokens are in force, and the signer OM and the datanodes share when they are. */
public final class BlockTokenConfig {
    private BlockTokenConfig() {}

    /**
     * The shared secret when {@code ozone.security.enabled} is true, else empty.
     *
     * @throws ConfigException when security is on but no secret is set
     */
    public static Optional<String> secret(OzoneConfiguration conf) {
        if (!conf.get(CommonConfigKeys.SECURITY_ENABLED)) {
            return Optional.empty();
        }
        Optional<String> secret = conf.find(CommonConfigKeys.BLOCK_TOKEN_SECRET).filter(value -> !value.isEmpty());
        if (secret.isEmpty()) {
            throw new ConfigException("set " + CommonConfigKeys.BLOCK_TOKEN_SECRET.name() + " when "
                    + CommonConfigKeys.SECURITY_ENABLED.name() + " is true: block tokens are signed with it");
        }
        return secret;
    }

    /** The signer tokens are issued and checked with when security is on, else empty. */
    public static Optional<BlockTokenSigner> signer(OzoneConfiguration conf, Clock clock) {
        return secret(conf)
                .map(secret -> new BlockTokenSigner(secret, clock, conf.get(CommonConfigKeys.BLOCK_TOKEN_LIFETIME)));
    }
}
