package dev.o3.om.security;

import java.time.Duration;

/**
 * Lifetimes of delegation tokens and of the keys that sign them.
 *
 * @param maxLifetime how long a token lives at most ({@code ozone.delegation.token.max-lifetime})
 * @param renewInterval how long a token stays valid after its issue or last renewal
 * @param keyUpdateInterval how often the leader makes a new signing key
 */
public record DelegationTokenConfig(Duration maxLifetime, Duration renewInterval, Duration keyUpdateInterval) {
    /** How long a key must stay: it signs for {@code keyUpdateInterval}, its last token lives {@code maxLifetime}. */
    public Duration keyLifetime() {
        return keyUpdateInterval.plus(maxLifetime);
    }
}
