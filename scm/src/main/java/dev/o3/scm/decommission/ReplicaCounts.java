package dev.o3.scm.decommission;

import dev.o3.scm.container.ContainerState;
import dev.o3.scm.node.DatanodeStatus;
import dev.o3.scm.node.NodeOperationalState;
import dev.o3.scm.node.NodeState;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * Where the healthy replicas of one container are, by the operational state of their datanodes. A replica counts as
 * healthy when it is CLOSED or QUASI_CLOSED on a HEALTHY datanode (open replicas still change; a STALE or DEAD node's
 * replica cannot be read now).
 *
 * @param inService healthy replicas on IN_SERVICE datanodes: the copies that stay
 * @param maintenance healthy replicas on datanodes entering or in maintenance: expected back
 * @param decommission healthy replicas on datanodes being decommissioned: going away
 */
public record ReplicaCounts(int inService, int maintenance, int decommission) {
    /**
     * Counts a container's replicas.
     *
     * @param replicas the last reported state of each replica, by datanode uuid
     * @param nodes the node manager's view of a datanode, empty when it is not registered
     */
    public static ReplicaCounts of(
            Map<String, ContainerState> replicas, Function<String, Optional<DatanodeStatus>> nodes) {
        int inService = 0;
        int maintenance = 0;
        int decommission = 0;
        for (Map.Entry<String, ContainerState> replica : replicas.entrySet()) {
            ContainerState state = replica.getValue();
            if (state != ContainerState.CLOSED && state != ContainerState.QUASI_CLOSED) {
                continue;
            }
            Optional<DatanodeStatus> node = nodes.apply(replica.getKey());
            if (node.isEmpty() || node.get().state() != NodeState.HEALTHY) {
                continue;
            }
            NodeOperationalState operational = node.get().operational().state();
            if (operational == NodeOperationalState.IN_SERVICE) {
                inService++;
            } else if (operational.isMaintenance()) {
                maintenance++;
            } else {
                decommission++;
            }
        }
        return new ReplicaCounts(inService, maintenance, decommission);
    }
}
