package dev.o3.scm.error;

import java.util.Objects;

/** An SCM call refused with an {@link ScmErrorCode}; the gRPC services turn it into the matching status. */
public final class ScmException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final ScmErrorCode code;

    public ScmException(ScmErrorCode code, String message) {
        super(message);
        this.code = Objects.requireNonNull(code, "code is null");
    }

    public ScmErrorCode code() {
        return code;
    }
}
