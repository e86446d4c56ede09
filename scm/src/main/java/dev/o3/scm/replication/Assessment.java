package dev.o3.scm.replication;

import dev.o3.scm.container.ContainerInfo;
import dev.o3.scm.container.ContainerReplica;
import java.util.List;

/**
 * What one scan found about a closed container and what it needs.
 *
 * @param container the container
 * @param health its health
 * @param kept healthy replicas that count toward the three: best state and highest BCSID, on live nodes that are in
 *     service or in maintenance
 * @param sources replicas a copy may be pulled from: best state and highest BCSID on HEALTHY nodes (decommissioning
 *     ones included), not being deleted
 * @param removable replicas to delete once enough healthy ones are confirmed: UNHEALTHY, lower BCSID, or a worse
 *     state than the best, on live nodes
 * @param missingCopies replicas to create, after the ones in flight
 * @param excessCopies healthy replicas to delete, after the deletes in flight
 * @param priority queue order, lower first: healthy copies left for real losses, 5 when only decommissioning nodes'
 *     copies are missing, 6 for mis-replication
 */
record Assessment(
        ContainerInfo container,
        ContainerHealth health,
        List<ContainerReplica> kept,
        List<ContainerReplica> sources,
        List<ContainerReplica> removable,
        int missingCopies,
        int excessCopies,
        int priority) {
    static final int DECOMMISSION_PRIORITY = 5;
    static final int MIS_REPLICATION_PRIORITY = 6;

    Assessment {
        kept = List.copyOf(kept);
        sources = List.copyOf(sources);
        removable = List.copyOf(removable);
    }

    boolean needsCopies() {
        return missingCopies > 0;
    }
}
