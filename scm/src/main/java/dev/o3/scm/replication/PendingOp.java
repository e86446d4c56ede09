package dev.o3.scm.replication;

import java.time.Instant;
import java.util.Objects;

/**
 * A replicate (ADD) or delete-container (DELETE) command SCM sent and no container report has confirmed yet.
 *
 * @param type what the command does
 * @param containerId the container
 * @param datanodeUuid the target of the copy, or the node whose replica is deleted
 * @param commandId the command's id, so a failure status from the datanode ends the op at once
 * @param deadline when SCM gives up on it
 */
public record PendingOp(Type type, long containerId, String datanodeUuid, long commandId, Instant deadline) {
    /** The two kinds of operation. */
    public enum Type {
        ADD,
        DELETE
    }

    public PendingOp {
        Objects.requireNonNull(type, "type is null");
        Objects.requireNonNull(datanodeUuid, "datanodeUuid is null");
        Objects.requireNonNull(deadline, "deadline is null");
    }
}
