package dev.o3.s3gateway.auth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.o3.s3gateway.backend.BackendException;
import dev.o3.s3gateway.backend.BackendStatus;
import dev.o3.s3gateway.backend.S3Credentials;
import dev.o3.s3gateway.backend.SecretStore;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/** Secrets are reused for the time to live; unknown keys are asked again every time. */
class TestCachingSecretStore {
    /** A clock tests move by hand. */
    private static final class ManualClock extends Clock {
        private final AtomicReference<Instant> now = new AtomicReference<>(Instant.parse("2026-01-01T00:00:00Z"));

        void advance(Duration duration) {
            now.updateAndGet(instant -> instant.plus(duration));
        }

        @Override
        public ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return now.get();
        }
    }

    private final AtomicInteger lookups = new AtomicInteger();
    private final SecretStore backend = accessKeyId -> {
        lookups.incrementAndGet();
        if (accessKeyId.equals("unknown")) {
            throw new BackendException(BackendStatus.S3_SECRET_NOT_FOUND, "no secret");
        }
        return new S3Credentials(accessKeyId, "secret", "user");
    };

    @Test
    void reusesSecretsUntilTheyExpire() {
        ManualClock clock = new ManualClock();
        CachingSecretStore store = new CachingSecretStore(backend, Duration.ofSeconds(30), clock);

        store.credentials("key");
        store.credentials("key");
        assertThat(lookups).hasValue(1);
        clock.advance(Duration.ofSeconds(31));
        assertThat(store.credentials("key").user()).isEqualTo("user");
        assertThat(lookups).hasValue(2);
    }

    @Test
    void doesNotCacheUnknownKeysOrWhenDisabled() {
        CachingSecretStore store = new CachingSecretStore(backend, Duration.ofSeconds(30), new ManualClock());
        CachingSecretStore disabled = new CachingSecretStore(backend, Duration.ZERO, new ManualClock());

        assertThatThrownBy(() -> store.credentials("unknown")).isInstanceOf(BackendException.class);
        assertThatThrownBy(() -> store.credentials("unknown")).isInstanceOf(BackendException.class);
        disabled.credentials("key");
        disabled.credentials("key");

        assertThat(lookups).hasValue(4);
    }
}
