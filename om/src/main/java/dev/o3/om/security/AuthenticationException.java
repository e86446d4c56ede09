package dev.o3.om.security;

/** A native call whose signature is missing, forged, stale, replayed, or names a user its signer may not act for. */
public final class AuthenticationException extends Exception {
    private static final long serialVersionUID = 1L;

    public AuthenticationException(String reason) {
        super("authentication failed: " + reason);
    }
}
