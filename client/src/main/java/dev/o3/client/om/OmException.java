package dev.o3.client.om;

import dev.o3.proto.om.OmStatus;

/** An OM operation failed with a status of the OM protocol; the message is fit for a one-line CLI error. */
public final class OmException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final OmStatus status;

    public OmException(OmStatus status, String message) {
        super(message);
        this.status = status;
    }

    public OmStatus status() {
        return status;
    }
}
