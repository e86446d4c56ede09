package dev.o3.server.security.tls;

/** A certificate could not be obtained or trusted; the message says why (refused, unreachable, forged answer). */
public final class CertificateException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public CertificateException(String message) {
        super(message);
    }

    public CertificateException(String message, Throwable cause) {
        super(message, cause);
    }
}
