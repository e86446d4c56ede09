package dev.o3.om.security;

import dev.o3.common.security.DelegationTokens;
import dev.o3.common.security.RequestSignature;
import dev.o3.om.request.Caller;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * Decides who a native call comes from in secure mode. A call is accepted when its signature ({@link
 * RequestSignature}) verifies under the stored secret of its access key, was made within the clock-skew window of
 * this OM's clock, and its nonce was not seen before in that window ({@link ReplayCache}). It then acts as the signer,
 * or, only when the signer is a trusted proxy (the OM's own user or one of {@code ozone.om.proxy.users}, e.g. the S3
 * gateway), as the user it names or as an anonymous caller. A call signed with a delegation token ({@code dt:} access
 * keys, {@link TokenSigners}) acts as the token's owner, never for anyone else. Thread-safe.
 */
public final class RequestAuthenticator {
    private final Function<String, Optional<String>> secrets;
    private final TokenSigners tokens;
    private final Clock clock;
    private final Duration skew;
    private final String serverUser;
    private final Set<String> administrators;
    private final Set<String> proxies;
    private final ReplayCache replays;

    /**
     * @param secrets the secret of an access key, if it has one (OM's S3 secret table)
     * @param tokens the signers of delegation tokens (access keys {@code dt:...})
     * @param clock this OM's clock
     * @param skew how far a signature's time may be from the clock, either way
     * @param maxRemembered most nonces remembered (see {@link ReplayCache})
     * @param serverUser the OM's own user: an administrator and a trusted proxy
     * @param administrators other administrators
     * @param proxies other users that may act for others
     */
    public RequestAuthenticator(
            Function<String, Optional<String>> secrets,
            TokenSigners tokens,
            Clock clock,
            Duration skew,
            int maxRemembered,
            String serverUser,
            Set<String> administrators,
            Set<String> proxies) {
        this.secrets = secrets;
        this.tokens = tokens;
        this.clock = clock;
        this.skew = skew;
        this.serverUser = serverUser;
        this.administrators = Set.copyOf(administrators);
        this.proxies = Set.copyOf(proxies);
        this.replays = new ReplayCache(2 * skew.toMillis(), maxRemembered);
    }

    /**
     * The caller a signed call acts as.
     *
     * @param signature the call's signature; empty when it carried none
     * @throws AuthenticationException saying why the call is refused
     */
    public Caller authenticate(Optional<RequestSignature> signature) throws AuthenticationException {
        if (signature.isEmpty()) {
            throw new AuthenticationException("the call carries no credential; run `ozone login` (or ask an"
                    + " administrator for `ozone s3 getsecret -u USER`) so that ~/.ozone/credentials holds your"
                    + " access key");
        }
        RequestSignature signed = signature.get();
        long now = clock.millis();
        if (Math.abs(now - signed.timeMillis()) > skew.toMillis()) {
            throw new AuthenticationException("the signature of " + signed.accessKeyId() + " was made "
                    + Duration.ofMillis(now - signed.timeMillis()).toSeconds() + " s from this OM's time, outside the"
                    + " allowed clock skew of " + skew.toSeconds() + " s (check the clocks)");
        }
        TokenSigners.Signer signer = signerOf(signed.accessKeyId(), now);
        if (!signed.verify(signer.secret())) {
            throw new AuthenticationException("the signature of " + signer.name() + " does not match"
                    + (DelegationTokens.isToken(signed.accessKeyId())
                            ? " (a forged or altered token?)"
                            : " (wrong or revoked secret in the credential file?)"));
        }
        String actingUser = signed.user().isBlank() ? signer.user() : signed.user();
        boolean impersonates = signed.anonymous() || !actingUser.equals(signer.user());
        if (impersonates && (DelegationTokens.isToken(signed.accessKeyId()) || !isProxy(signer.user()))) {
            throw new AuthenticationException(signer.name() + " may not act for "
                    + (signed.anonymous() ? "an anonymous caller" : actingUser)
                    + (DelegationTokens.isToken(signed.accessKeyId())
                            ? ": a delegation token acts as its owner only"
                            : ": not a trusted proxy (ozone.om.proxy.users)"));
        }
        switch (replays.use(signed.accessKeyId() + ":" + signed.nonce(), signed.timeMillis(), now)) {
            case REPLAYED -> throw new AuthenticationException(
                    "the signature of " + signer.name() + " was used before (replayed request)");
            case TOO_OLD -> throw new AuthenticationException(
                    "the signature of " + signer.name() + " is too old for this OM's replay cache; retry");
            case FIRST -> {
                // accepted
            }
        }
        return signed.anonymous() ? Caller.anonymousCaller() : new Caller(actingUser, isAdmin(actingUser));
    }

    /** Who signed with {@code accessKeyId}: a delegation token's owner, or the user whose access key it is. */
    private TokenSigners.Signer signerOf(String accessKeyId, long now) throws AuthenticationException {
        if (DelegationTokens.isToken(accessKeyId)) {
            return tokens.signerOf(accessKeyId, now);
        }
        String secret = secrets.apply(accessKeyId)
                .orElseThrow(() -> new AuthenticationException("unknown access key " + accessKeyId));
        return new TokenSigners.Signer(accessKeyId, secret, "access key " + accessKeyId);
    }

    /** Whether {@code user} is an administrator: the OM's own user or one of {@code ozone.administrators}. */
    public boolean isAdmin(String user) {
        return user.equals(serverUser) || administrators.contains(user);
    }

    /** Whether {@code user} may act for others: the OM's own user or one of {@code ozone.om.proxy.users}. */
    public boolean isProxy(String user) {
        return user.equals(serverUser) || proxies.contains(user);
    }
}
