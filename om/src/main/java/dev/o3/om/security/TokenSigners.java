package dev.o3.om.security;

/** Finds who signed with a delegation token, for {@link RequestAuthenticator}. */
@FunctionalInterface
public interface TokenSigners {
    /** Refuses every token: for an authenticator that knows none. */
    TokenSigners NONE = (accessKeyId, now) -> {
        throw new AuthenticationException("this OM accepts no delegation tokens");
    };

    /**
     * The signer behind a token credential's access key id ({@code dt:...}) at time {@code now}.
     *
     * @throws AuthenticationException when the token is damaged, unknown, cancelled, expired or forged
     */
    Signer signerOf(String accessKeyId, long now) throws AuthenticationException;

    /**
     * Who a token signs for.
     *
     * @param user the token's owner, whom its calls act as
     * @param secret the secret its signatures verify under (the token's password, in hex)
     * @param name how messages name the token
     */
    record Signer(String user, String secret, String name) {}
}
