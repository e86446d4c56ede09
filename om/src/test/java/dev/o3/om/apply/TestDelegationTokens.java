package dev.o3.om.apply;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.protobuf.ByteString;
import dev.o3.common.security.DelegationTokens;
import dev.o3.om.request.Caller;
import dev.o3.om.request.OmException;
import dev.o3.om.testing.Namespace;
import dev.o3.om.token.TokenCheck;
import dev.o3.proto.om.CancelDelegationTokenRequest;
import dev.o3.proto.om.DelegationKeyRecord;
import dev.o3.proto.om.DelegationToken;
import dev.o3.proto.om.DelegationTokenIdentifier;
import dev.o3.proto.om.GetDelegationTokenRequest;
import dev.o3.proto.om.GetDelegationTokenResponse;
import dev.o3.proto.om.OmStatus;
import dev.o3.proto.om.OmTransaction;
import dev.o3.proto.om.RenewDelegationTokenRequest;
import dev.o3.proto.om.RenewDelegationTokenResponse;
import dev.o3.proto.om.RotateDelegationKeyRequest;
import java.nio.file.Path;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Delegation tokens as every OM applies them: issue, check, renew, cancel, key rotation and expiry. */
class TestDelegationTokens {
    private static final long T = 1_000_000L;
    private static final long RENEW = 1_000;
    private static final long MAX = 5_000;
    private static final byte[] KEY_1 = new byte[32];
    private static final byte[] KEY_2 = new byte[32];

    static {
        KEY_1[0] = 1;
        KEY_2[0] = 2;
    }

    @TempDir
    Path directory;

    @Test
    void aTokenIsSignedWithTheNewestKeyAndExpiresUnlessRenewedByItsRenewer() throws Exception {
        try (Namespace namespace = new Namespace(directory)) {
            assertThat(namespace.status("alice", issue("bob", T))).isEqualTo(OmStatus.LEADER_NOT_READY);
            rotate(namespace, 1, KEY_1, T, T + 100_000);

            GetDelegationTokenResponse issued =
                    namespace.ok("alice", GetDelegationTokenResponse.parser(), issue("bob", T));
            DelegationToken token = issued.getToken();
            DelegationTokenIdentifier identifier =
                    DelegationTokens.parse(token.getIdentifier().toByteArray());
            assertThat(identifier.getOwner()).isEqualTo("alice");
            assertThat(identifier.getRenewer()).isEqualTo("bob");
            assertThat(identifier.getMaxMillis()).isEqualTo(T + MAX);
            assertThat(identifier.getKeyId()).isEqualTo(1);
            assertThat(issued.getExpiryMillis()).isEqualTo(T + RENEW);
            assertThat(token.getPassword().toByteArray())
                    .isEqualTo(DelegationTokens.password(
                            KEY_1, token.getIdentifier().toByteArray()));
            assertThat(TokenCheck.check(namespace.store(), token.getIdentifier().toByteArray(), T + RENEW)
                            .identifier())
                    .isEqualTo(identifier);
            assertThatThrownBy(() -> check(namespace, token, T + RENEW + 1)).hasMessageContaining("expired at");

            assertThat(namespace.status("alice", renew(token, T + 500))).isEqualTo(OmStatus.PERMISSION_DENIED);
            RenewDelegationTokenResponse renewed =
                    namespace.ok("bob", RenewDelegationTokenResponse.parser(), renew(token, T + 500));
            assertThat(renewed.getExpiryMillis()).isEqualTo(T + 500 + RENEW);
            check(namespace, token, T + RENEW + 1);
            // Renewals never pass the max lifetime.
            for (long at = T + 1_400; at < T + MAX; at += 900) {
                namespace.ok("bob", RenewDelegationTokenResponse.parser(), renew(token, at));
            }
            assertThat(namespace
                            .ok("bob", RenewDelegationTokenResponse.parser(), renew(token, T + MAX - 10))
                            .getExpiryMillis())
                    .isEqualTo(T + MAX);
            assertThatThrownBy(() -> check(namespace, token, T + MAX + 1)).hasMessageContaining("max lifetime");
            assertThat(namespace.status("bob", renew(token, T + MAX + 1))).isEqualTo(OmStatus.UNAUTHENTICATED);
        }
    }

    @Test
    void cancelledForgedAndAnonymousTokensAreRefused() throws Exception {
        try (Namespace namespace = new Namespace(directory)) {
            rotate(namespace, 1, KEY_1, T, T + 100_000);
            assertThat(namespace.status(Caller.anonymousCaller(), issue("", T))).isEqualTo(OmStatus.PERMISSION_DENIED);
            DelegationToken token = namespace
                    .ok("alice", GetDelegationTokenResponse.parser(), issue("bob", T))
                    .getToken();

            DelegationToken forged = token.toBuilder()
                    .setIdentifier(DelegationTokens.parse(token.getIdentifier().toByteArray()).toBuilder()
                            .setOwner("admin")
                            .build()
                            .toByteString())
                    .build();
            assertThatThrownBy(() -> check(namespace, forged, T)).hasMessageContaining("forged or altered");
            DelegationToken wrongPassword = token.toBuilder()
                    .setPassword(ByteString.copyFrom(new byte[32]))
                    .build();
            assertThat(namespace.status("bob", renew(wrongPassword, T))).isEqualTo(OmStatus.UNAUTHENTICATED);

            assertThat(namespace.status("carol", cancel(token, T))).isEqualTo(OmStatus.PERMISSION_DENIED);
            assertThat(namespace.status("alice", cancel(token, T))).isEqualTo(OmStatus.OK);
            assertThatThrownBy(() -> check(namespace, token, T)).hasMessageContaining("was cancelled");
            assertThat(namespace.status("bob", cancel(token, T))).isEqualTo(OmStatus.UNAUTHENTICATED);
        }
    }

    @Test
    void oldKeysVerifyTheirTokensUntilTheyExpire() throws Exception {
        try (Namespace namespace = new Namespace(directory)) {
            rotate(namespace, 1, KEY_1, T, T + 10_000);
            DelegationToken first = namespace
                    .ok("alice", GetDelegationTokenResponse.parser(), issue("alice", T))
                    .getToken();
            rotate(namespace, 2, KEY_2, T + 100, T + 100_000);
            DelegationToken second = namespace
                    .ok("alice", GetDelegationTokenResponse.parser(), issue("alice", T + 100))
                    .getToken();
            assertThat(DelegationTokens.parse(second.getIdentifier().toByteArray())
                            .getKeyId())
                    .isEqualTo(2);
            check(namespace, first, T + 200);
            assertThat(namespace.status(Namespace.ADMIN, t -> t.setTimeMillis(T + 300)
                            .setRotateDelegationKey(RotateDelegationKeyRequest.newBuilder()
                                    .setKey(key(2, KEY_2, T + 300, T + 100_000)))))
                    .as("a key id is used once")
                    .isEqualTo(OmStatus.INVALID_REQUEST);

            // Key 1 expires: the next rotation drops it and the token it signed.
            rotate(namespace, 3, KEY_1, T + 20_000, T + 200_000);
            assertThatThrownBy(() -> check(namespace, first, T + 20_000))
                    .hasMessageContaining("names delegation key 1");
        }
    }

    private static Consumer<OmTransaction.Builder> issue(String renewer, long at) {
        return t -> t.setTimeMillis(at)
                .setGetDelegationToken(GetDelegationTokenRequest.newBuilder()
                        .setRenewer(renewer)
                        .setMaxLifetimeMillis(MAX)
                        .setRenewIntervalMillis(RENEW));
    }

    private static Consumer<OmTransaction.Builder> renew(DelegationToken token, long at) {
        return t -> t.setTimeMillis(at)
                .setRenewDelegationToken(
                        RenewDelegationTokenRequest.newBuilder().setToken(token));
    }

    private static Consumer<OmTransaction.Builder> cancel(DelegationToken token, long at) {
        return t -> t.setTimeMillis(at)
                .setCancelDelegationToken(
                        CancelDelegationTokenRequest.newBuilder().setToken(token));
    }

    private static void rotate(Namespace namespace, int id, byte[] key, long at, long expiry) {
        assertThat(namespace.status(Namespace.ADMIN, t -> t.setTimeMillis(at)
                        .setRotateDelegationKey(
                                RotateDelegationKeyRequest.newBuilder().setKey(key(id, key, at, expiry)))))
                .isEqualTo(OmStatus.OK);
    }

    private static DelegationKeyRecord key(int id, byte[] key, long at, long expiry) {
        return DelegationKeyRecord.newBuilder()
                .setId(id)
                .setKey(ByteString.copyFrom(key))
                .setCreationMillis(at)
                .setExpiryMillis(expiry)
                .build();
    }

    private static TokenCheck.Valid check(Namespace namespace, DelegationToken token, long at) throws OmException {
        return TokenCheck.checkPresented(namespace.store(), token.getIdentifier(), token.getPassword(), at);
    }
}
