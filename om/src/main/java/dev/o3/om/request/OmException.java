package dev.o3.om.request;

import dev.o3.proto.om.OmStatus;
import java.util.Objects;

/** A request refused with an {@link OmStatus} the client sees (and the S3 gateway maps to an S3 error). */
public final class OmException extends Exception {
    private static final long serialVersionUID = 1L;

    private final OmStatus status;

    public OmException(OmStatus status, String message) {
        super(message);
        this.status = Objects.requireNonNull(status, "status is null");
    }

    public OmStatus status() {
        return status;
    }
}
