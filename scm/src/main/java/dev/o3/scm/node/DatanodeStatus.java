package dev.o3.scm.node;

import java.time.Instant;
import java.util.Objects;

/**
 * A snapshot of one datanode as the node manager sees it.
 *
 * @param datanode identity and rack
 * @param state health
 * @param lastHeartbeat time of the last registration or heartbeat
 * @param ratisDirs the Ratis log dirs last reported, healthy and failed (they drive the node's pipeline limit)
 * @param operational what the operator asked of the node (in service, decommission, maintenance)
 */
public record DatanodeStatus(
        DatanodeDescriptor datanode,
        NodeState state,
        Instant lastHeartbeat,
        RatisDirs ratisDirs,
        OperationalState operational) {
    public DatanodeStatus {
        Objects.requireNonNull(datanode, "datanode is null");
        Objects.requireNonNull(state, "state is null");
        Objects.requireNonNull(lastHeartbeat, "lastHeartbeat is null");
        Objects.requireNonNull(ratisDirs, "ratisDirs is null");
        Objects.requireNonNull(operational, "operational is null");
    }

    /** A copy with another health state, keeping the rest. */
    public DatanodeStatus withState(NodeState next) {
        return new DatanodeStatus(datanode, next, lastHeartbeat, ratisDirs, operational);
    }

    /** A copy with another operational state, keeping the rest. */
    public DatanodeStatus withOperational(OperationalState next) {
        return new DatanodeStatus(datanode, state, lastHeartbeat, ratisDirs, next);
    }

    public String uuid() {
        return datanode.uuid();
    }
}
