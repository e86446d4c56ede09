package dev.o3.scm.node;

import java.time.Instant;
import java.util.Objects;

/**
 * A snapshot of one datanode as the node manager sees it.
 *
 * @param datanode identity and rack
 * @param state health
 * @param lastHeartbeat time of the last registration or heartbeat
 * @param ratisDirs number of healthy Ratis log dirs last reported (drives a derived pipeline limit)
 */
public record DatanodeStatus(DatanodeDescriptor datanode, NodeState state, Instant lastHeartbeat, int ratisDirs) {
    public DatanodeStatus {
        Objects.requireNonNull(datanode, "datanode is null");
        Objects.requireNonNull(state, "state is null");
        Objects.requireNonNull(lastHeartbeat, "lastHeartbeat is null");
    }

    public String uuid() {
        return datanode.uuid();
    }
}
