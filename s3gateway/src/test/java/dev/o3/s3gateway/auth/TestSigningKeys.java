package dev.o3.s3gateway.auth;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Cached signing keys are the derived ones, per secret and scope, before and after the cache starts over. */
class TestSigningKeys {
    private static final CredentialScope TODAY = new CredentialScope("20261127", "us-east-1", "s3");

    @Test
    void eachSecretAndScopeGetsItsOwnDerivedKey() {
        SigningKeys keys = new SigningKeys();
        CredentialScope tomorrow = new CredentialScope("20261128", "us-east-1", "s3");

        assertThat(keys.of("secret", TODAY)).isEqualTo(SigV4.signingKey("secret", TODAY));
        assertThat(keys.of("secret", TODAY)).isEqualTo(SigV4.signingKey("secret", TODAY));
        assertThat(keys.of("secret", tomorrow))
                .isEqualTo(SigV4.signingKey("secret", tomorrow))
                .isNotEqualTo(SigV4.signingKey("secret", TODAY));
        assertThat(keys.of("rotated", TODAY)).isEqualTo(SigV4.signingKey("rotated", TODAY));
    }

    @Test
    void aCallerCannotChangeTheCachedKey() {
        SigningKeys keys = new SigningKeys();
        keys.of("secret", TODAY)[0] ^= 1;

        assertThat(keys.of("secret", TODAY)).isEqualTo(SigV4.signingKey("secret", TODAY));
    }

    @Test
    void keysStayRightPastTheBound() {
        SigningKeys keys = new SigningKeys();
        for (int i = 0; i <= SigningKeys.MAX_KEYS; i++) {
            keys.of("secret-" + i, TODAY);
        }

        assertThat(keys.of("secret-0", TODAY)).isEqualTo(SigV4.signingKey("secret-0", TODAY));
        assertThat(keys.of("secret-" + SigningKeys.MAX_KEYS, TODAY))
                .isEqualTo(SigV4.signingKey("secret-" + SigningKeys.MAX_KEYS, TODAY));
    }
}
