package dev.o3.om.ratis;

import dev.o3.proto.om.OmStatus;
import java.util.Optional;

/**
 * This OM cannot serve the request now: it is not the leader (NOT_LEADER, with the leader's node id when known) or
 * is a leader still catching up (LEADER_NOT_READY). The client retries on the leader.
 */
public final class NotLeaderException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final OmStatus status;
    private final String leaderId;

    public NotLeaderException(OmStatus status, Optional<String> leaderId, String message) {
        super(message);
        this.status = status;
        this.leaderId = leaderId.orElse(null);
    }

    public OmStatus status() {
        return status;
    }

    public Optional<String> leaderId() {
        return Optional.ofNullable(leaderId);
    }
}
