package dev.o3.s3gateway.auth;

import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.LoadingCache;
import com.github.benmanes.caffeine.cache.Ticker;
import dev.o3.s3gateway.backend.S3Credentials;
import dev.o3.s3gateway.backend.SecretStore;
import java.time.Clock;
import java.time.Duration;
import java.util.Objects;

/**
 * Keeps secrets looked up from the OM for a short time, so a busy client does not cost one OM call per request. A
 * revoked secret keeps working for at most the time to live; unknown keys are not cached. Thread-safe.
 */
public final class CachingSecretStore implements SecretStore {
    private static final int MAX_KEYS = 10_000;

    private final LoadingCache<String, S3Credentials> cache;

    /** @param timeToLive how long a looked-up secret is used; zero disables caching */
    public CachingSecretStore(SecretStore secrets, Duration timeToLive, Clock clock) {
        Objects.requireNonNull(secrets, "secrets is null");
        Objects.requireNonNull(clock, "clock is null");
        Ticker ticker = () -> clock.millis() * 1_000_000L;
        this.cache = Caffeine.newBuilder()
                .ticker(ticker)
                .expireAfterWrite(timeToLive)
                .maximumSize(timeToLive.isZero() ? 0 : MAX_KEYS)
                .build(secrets::credentials);
    }

    @Override
    public S3Credentials credentials(String accessKeyId) {
        return cache.get(accessKeyId);
    }
}
