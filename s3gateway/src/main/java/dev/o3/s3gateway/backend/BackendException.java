package dev.o3.s3gateway.backend;

import java.util.Objects;

/** A failed backend call; {@link #status()} says why (the OM status name). Unchecked so stores stay lambda-free. */
public final class BackendException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final BackendStatus status;

    public BackendException(BackendStatus status, String message) {
        super(message);
        this.status = Objects.requireNonNull(status, "status is null");
    }

    public BackendException(BackendStatus status, String message, Throwable cause) {
        super(message, cause);
        this.status = Objects.requireNonNull(status, "status is null");
    }

    public BackendStatus status() {
        return status;
    }
}
