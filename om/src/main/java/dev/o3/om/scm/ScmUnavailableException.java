package dev.o3.om.scm;

/** SCM did not answer a block request; clients see SCM_UNAVAILABLE and may retry. */
public final class ScmUnavailableException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public ScmUnavailableException(String message, Throwable cause) {
        super(message, cause);
    }
}
