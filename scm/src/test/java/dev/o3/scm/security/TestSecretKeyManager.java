package dev.o3.scm.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.o3.common.config.ConfigException;
import dev.o3.proto.hdds.SecretKeyProto;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TestSecretKeyManager {
    private static final Duration ROTATE = Duration.ofHours(1);
    private static final Duration EXPIRY = Duration.ofHours(3);
    private static final Duration DELAY = Duration.ofMinutes(2);

    @TempDir
    Path directory;

    private final MutableClock clock = new MutableClock(Instant.parse("2026-11-25T00:00:00Z"));

    private SecretKeyManager manager() {
        return new SecretKeyManager(directory.resolve("secret_keys.bin"), clock, ROTATE, EXPIRY, DELAY);
    }

    @Test
    void theFirstKeyIsActiveAtOnceAndLaterOnesAfterTheDelay() {
        SecretKeyManager keys = manager();
        keys.rotateIfDue();
        SecretKeyProto first = keys.keys().get(0);
        assertThat(first.getId()).isEqualTo(1);
        assertThat(first.getActivationMillis()).isEqualTo(clock.millis());
        assertThat(first.getExpiryMillis()).isEqualTo(clock.millis() + EXPIRY.toMillis());

        clock.advance(ROTATE.minusSeconds(1));
        keys.rotateIfDue();
        assertThat(keys.keys()).hasSize(1);

        clock.advance(Duration.ofSeconds(1));
        keys.rotateIfDue();
        assertThat(keys.keys()).extracting(SecretKeyProto::getId).containsExactly(1L, 2L);
        assertThat(keys.keys().get(1).getActivationMillis()).isEqualTo(clock.millis() + DELAY.toMillis());
        assertThat(keys.keys().get(1).getKey()).isNotEqualTo(first.getKey());
    }

    @Test
    void expiredKeysAreDroppedAndTheKeysSurviveARestart() throws Exception {
        SecretKeyManager keys = manager();
        keys.rotateIfDue();
        for (int i = 0; i < 4; i++) {
            clock.advance(ROTATE.plus(DELAY));
            keys.rotateIfDue();
        }
        assertThat(keys.keys())
                .extracting(SecretKeyProto::getId)
                .doesNotContain(1L)
                .contains(5L);
        assertThat(Files.getPosixFilePermissions(directory.resolve("secret_keys.bin")))
                .isEqualTo(PosixFilePermissions.fromString("rw-------"));

        assertThat(manager().keys()).isEqualTo(keys.keys());
    }

    @Test
    void anExpiryShorterThanARotationIsRefused() {
        assertThatThrownBy(() -> new SecretKeyManager(
                        directory.resolve("k"), clock, Duration.ofDays(1), Duration.ofHours(1), DELAY))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("hdds.secret.key.expiry.duration");
    }

    /** A clock the test moves. */
    private static final class MutableClock extends Clock {
        private Instant now;

        MutableClock(Instant now) {
            this.now = now;
        }

        void advance(Duration duration) {
            now = now.plus(duration);
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
            return now;
        }
    }
}
