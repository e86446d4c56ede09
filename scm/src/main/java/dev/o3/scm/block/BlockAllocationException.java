package dev.o3.scm.block;

import java.util.Objects;

/** Block allocation is not possible now; the reason tells the client whether and when to retry. */
public final class BlockAllocationException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** Why allocation failed. */
    public enum Reason {
        /** SCM waits for datanodes after start; retry later. */
        SAFE_MODE,
        /** No open pipeline (or all excluded); retry after pipelines open. */
        NO_OPEN_PIPELINE,
        /** The request itself is wrong. */
        INVALID_REQUEST
    }

    private final Reason reason;

    public BlockAllocationException(Reason reason, String message) {
        super(message);
        this.reason = Objects.requireNonNull(reason, "reason is null");
    }

    public Reason reason() {
        return reason;
    }
}
