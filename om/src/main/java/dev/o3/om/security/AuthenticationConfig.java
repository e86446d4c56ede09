package dev.o3.om.security;

import dev.o3.common.config.CommonConfigKeys;
import dev.o3.common.config.OzoneConfiguration;
import dev.o3.om.config.OmConfigKeys;
import java.time.Duration;
import java.util.List;
import java.util.Set;

/**
 * Whether OM authenticates native calls (secure mode with user authentication), and how.
 *
 * @param enabled whether calls must be signed
 * @param skew allowed distance of a signing time from the OM's clock
 * @param maxRemembered most nonces remembered against replays
 * @param proxies users besides the OM's own that may act for others
 * @param delegation lifetimes of delegation tokens and their keys
 */
public record AuthenticationConfig(
        boolean enabled, Duration skew, int maxRemembered, Set<String> proxies, DelegationTokenConfig delegation) {
    public AuthenticationConfig {
        proxies = Set.copyOf(proxies);
    }

    public static AuthenticationConfig from(OzoneConfiguration conf) {
        return new AuthenticationConfig(
                CommonConfigKeys.authenticationEnabled(conf),
                conf.get(OmConfigKeys.AUTH_CLOCK_SKEW),
                conf.get(OmConfigKeys.AUTH_REPLAY_CACHE_ENTRIES),
                Set.copyOf(conf.find(OmConfigKeys.PROXY_USERS).orElse(List.of())),
                new DelegationTokenConfig(
                        conf.get(OmConfigKeys.DELEGATION_TOKEN_MAX_LIFETIME),
                        conf.get(OmConfigKeys.DELEGATION_TOKEN_RENEW_INTERVAL),
                        conf.get(OmConfigKeys.DELEGATION_KEY_UPDATE_INTERVAL)));
    }
}
