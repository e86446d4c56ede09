package dev.o3.om.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.o3.common.security.RequestSignature;
import dev.o3.common.security.UserCredential;
import dev.o3.om.request.Caller;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

class TestRequestAuthenticator {
    private static final long NOW = 1_700_000_000_000L;
    private static final UserCredential ALICE = new UserCredential("alice", "a-secret");
    private static final UserCredential GATEWAY = new UserCredential("s3g", "g-secret");
    private static final UserCredential OM = new UserCredential("om", "o-secret");
    private static final Map<String, String> SECRETS =
            Map.of("alice", "a-secret", "s3g", "g-secret", "om", "o-secret", "admin", "x");

    private final RequestAuthenticator authenticator = new RequestAuthenticator(
            key -> Optional.ofNullable(SECRETS.get(key)),
            TokenSigners.NONE,
            Clock.fixed(Instant.ofEpochMilli(NOW), ZoneOffset.UTC),
            Duration.ofMinutes(5),
            1000,
            "om",
            Set.of("admin"),
            Set.of("s3g"));

    private Caller authenticate(UserCredential key, String user, boolean anonymous, long time)
            throws AuthenticationException {
        return authenticator.authenticate(Optional.of(RequestSignature.sign(key, user, anonymous, "m", time)));
    }

    @Test
    void aSignedCallActsAsItsSigner() throws Exception {
        assertThat(authenticate(ALICE, "", false, NOW)).isEqualTo(new Caller("alice", false));
        assertThat(authenticate(ALICE, "alice", false, NOW - 60_000)).isEqualTo(new Caller("alice", false));
        assertThat(authenticate(OM, "", false, NOW)).isEqualTo(new Caller("om", true));
    }

    @Test
    void onlyTrustedProxiesActForOthers() throws Exception {
        assertThat(authenticate(GATEWAY, "admin", false, NOW)).isEqualTo(new Caller("admin", true));
        assertThat(authenticate(GATEWAY, "", true, NOW)).isEqualTo(Caller.anonymousCaller());
        assertThat(authenticate(OM, "alice", false, NOW)).isEqualTo(new Caller("alice", false));
        assertThatThrownBy(() -> authenticate(ALICE, "admin", false, NOW))
                .hasMessageContaining("alice may not act for admin");
        assertThatThrownBy(() -> authenticate(ALICE, "", true, NOW)).hasMessageContaining("anonymous");
    }

    @Test
    void missingForgedUnknownAndStaleSignaturesAreRefused() {
        assertThatThrownBy(() -> authenticator.authenticate(Optional.empty()))
                .isInstanceOf(AuthenticationException.class)
                .hasMessageContaining("no credential")
                .hasMessageContaining("ozone login");
        assertThatThrownBy(() -> authenticate(new UserCredential("alice", "guess"), "", false, NOW))
                .hasMessageContaining("does not match");
        assertThatThrownBy(() -> authenticate(new UserCredential("mallory", "m"), "", false, NOW))
                .hasMessageContaining("unknown access key mallory");
        assertThatThrownBy(() -> authenticate(ALICE, "", false, NOW - 301_000)).hasMessageContaining("clock skew");
        assertThatThrownBy(() -> authenticate(ALICE, "", false, NOW + 301_000)).hasMessageContaining("clock skew");
    }

    @Test
    void aSignatureIsAcceptedOnce() throws Exception {
        RequestSignature signed = RequestSignature.sign(ALICE, "", false, "m", NOW);
        authenticator.authenticate(Optional.of(signed));

        assertThatThrownBy(() -> authenticator.authenticate(Optional.of(signed)))
                .hasMessageContaining("replayed");
    }

    @Test
    void aFullReplayCacheNarrowsTheWindowInsteadOfForgetting() {
        ReplayCache cache = new ReplayCache(600_000, 2);
        assertThat(cache.use("a", NOW - 3_000, NOW)).isEqualTo(ReplayCache.Use.FIRST);
        assertThat(cache.use("b", NOW - 2_000, NOW)).isEqualTo(ReplayCache.Use.FIRST);
        assertThat(cache.use("c", NOW - 1_000, NOW)).isEqualTo(ReplayCache.Use.FIRST);

        assertThat(cache.use("a", NOW - 3_000, NOW))
                .as("forgotten, so refused as too old")
                .isEqualTo(ReplayCache.Use.TOO_OLD);
        assertThat(cache.use("c", NOW - 1_000, NOW)).isEqualTo(ReplayCache.Use.REPLAYED);
        assertThat(cache.use("d", NOW, NOW)).isEqualTo(ReplayCache.Use.FIRST);
    }
}
