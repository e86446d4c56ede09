package dev.o3.scm.replication;

import dev.o3.scm.container.ContainerInfo;
import dev.o3.scm.container.ContainerReplica;
import dev.o3.scm.container.ContainerState;
import dev.o3.scm.node.DatanodeStatus;
import dev.o3.scm.node.NodeState;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Classifies one closed container from its reported replicas, the nodes' health and operational state, and the
 * commands in flight. Replicas rank CLOSED, then QUASI_CLOSED, then UNHEALTHY; only the best rank present with the
 * highest BCSID among it counts as healthy, so a quasi-closed replica that missed writes is never kept in place of
 * one that has them (and never force-closed). Stateless.
 */
final class ContainerCheck {
    static final int REPLICATION_FACTOR = 3;

    private ContainerCheck() {}

    /** Whether the replication manager looks after a container in this state (open and closing ones it leaves). */
    static boolean managed(ContainerInfo container) {
        return container.state() == ContainerState.CLOSED
                || container.state() == ContainerState.QUASI_CLOSED
                || container.state() == ContainerState.UNHEALTHY;
    }

    /**
     * @param nodes every registered datanode by uuid
     * @param pendingAdds targets of the container's copies in flight
     * @param pendingDeletes nodes whose replica of the container is being deleted
     * @param rackCount racks among the HEALTHY in-service datanodes
     */
    static Assessment assess(
            ContainerInfo container,
            List<ContainerReplica> replicas,
            Map<String, DatanodeStatus> nodes,
            Set<String> pendingAdds,
            Set<String> pendingDeletes,
            int rackCount,
            int requeues) {
        List<ContainerReplica> live = replicas.stream()
                .filter(r -> rank(r) < Integer.MAX_VALUE)
                .filter(r ->
                        status(nodes, r).map(s -> s.state() != NodeState.DEAD).orElse(false))
                .toList();
        Copies found = Copies.of(live, nodes);
        List<ContainerReplica> stale = staleOpen(replicas, found.good(), nodes);
        Copies copies = found.withRemovable(stale);
        List<ContainerReplica> sources = copies.good().stream()
                .filter(r -> status(nodes, r).orElseThrow().state() == NodeState.HEALTHY)
                .filter(r -> !pendingDeletes.contains(r.datanodeUuid()))
                .sorted(Comparator.comparing(ContainerReplica::datanodeUuid))
                .toList();
        List<ContainerReplica> kept = copies.kept();
        boolean empty = container.keyCount() == 0 && live.stream().allMatch(r -> r.keyCount() == 0);
        if (empty && container.state() == ContainerState.CLOSED) {
            return new Assessment(container, ContainerHealth.EMPTY, kept, sources, List.of(), 0, 0, 0);
        }
        if (live.isEmpty()) {
            return new Assessment(container, ContainerHealth.MISSING, kept, sources, List.of(), 0, 0, 0);
        }
        Set<String> holders =
                replicas.stream().map(ContainerReplica::datanodeUuid).collect(Collectors.toSet());
        // A replica still OPEN or CLOSING on a live node is closing with its pipeline: it counts as a copy on its
        // way, so the moment between the first replica closing and the others does not trigger copies.
        int closing = (int) replicas.stream()
                .filter(r -> rank(r) == Integer.MAX_VALUE && r.state() != ContainerState.DELETED)
                .filter(r -> !stale.contains(r))
                .filter(r ->
                        status(nodes, r).map(s -> s.state() != NodeState.DEAD).orElse(false))
                .count();
        int adding = closing
                + (int) pendingAdds.stream().filter(n -> !holders.contains(n)).count();
        int deletingKept = (int) kept.stream()
                .filter(r -> pendingDeletes.contains(r.datanodeUuid()))
                .count();
        int missing = Math.max(0, REPLICATION_FACTOR - kept.size() - adding);
        int excess = Math.max(0, kept.size() - deletingKept - REPLICATION_FACTOR);
        boolean misReplicated =
                rackCount >= 2 && kept.size() >= REPLICATION_FACTOR && racks(kept, nodes) < 2 && adding == 0;
        ContainerHealth health = health(copies, misReplicated);
        int priority = requeues
                + switch (health) {
                    case UNHEALTHY -> kept.size() < REPLICATION_FACTOR ? kept.size() : 0;
                    case UNDER_REPLICATED -> kept.size() + copies.leaving() >= REPLICATION_FACTOR
                            ? Assessment.DECOMMISSION_PRIORITY
                            : kept.size();
                    case MIS_REPLICATED -> Assessment.MIS_REPLICATION_PRIORITY;
                    default -> 0;
                };
        return new Assessment(
                container,
                health,
                kept,
                sources,
                copies.removable(),
                health == ContainerHealth.MIS_REPLICATED ? 1 : missing,
                excess,
                priority);
    }

    /**
     * OPEN or CLOSING replicas of this closed container below the final copies' BCSID, on live nodes: left behind by
     * a pipeline the node no longer serves (say, found again on a volume that failed and came back), they will never
     * close with it nor catch up, so they are removed like any stale copy instead of counting as copies on their way.
     */
    private static List<ContainerReplica> staleOpen(
            List<ContainerReplica> replicas, List<ContainerReplica> good, Map<String, DatanodeStatus> nodes) {
        long finalBcsid = good.stream().mapToLong(ContainerReplica::bcsid).max().orElse(Long.MIN_VALUE);
        return replicas.stream()
                .filter(r -> r.state() == ContainerState.OPEN || r.state() == ContainerState.CLOSING)
                .filter(r -> r.bcsid() < finalBcsid)
                .filter(r ->
                        status(nodes, r).map(s -> s.state() != NodeState.DEAD).orElse(false))
                .toList();
    }

    /** The health of a container with live copies. */
    private static ContainerHealth health(Copies copies, boolean misReplicated) {
        int kept = copies.kept().size();
        if (copies.bestRank() == rank(ContainerState.UNHEALTHY)) {
            return ContainerHealth.UNHEALTHY;
        } else if (kept < REPLICATION_FACTOR) {
            return ContainerHealth.UNDER_REPLICATED;
        } else if (!copies.removable().isEmpty()) {
            return copies.removable().stream().anyMatch(r -> r.state() == ContainerState.UNHEALTHY)
                    ? ContainerHealth.UNHEALTHY
                    : ContainerHealth.QUASI_CLOSED_STALE;
        } else if (kept > REPLICATION_FACTOR) {
            return ContainerHealth.OVER_REPLICATED;
        }
        return misReplicated ? ContainerHealth.MIS_REPLICATED : ContainerHealth.HEALTHY;
    }

    /**
     * The live replicas split by worth.
     *
     * @param good best rank present with its highest BCSID
     * @param removable the other live replicas
     * @param kept good copies not on decommissioning nodes
     * @param leaving good copies on decommissioning nodes
     * @param bestRank the rank of the good copies
     */
    private record Copies(
            List<ContainerReplica> good,
            List<ContainerReplica> removable,
            List<ContainerReplica> kept,
            int leaving,
            int bestRank) {
        Copies withRemovable(List<ContainerReplica> more) {
            if (more.isEmpty()) {
                return this;
            }
            List<ContainerReplica> all = new ArrayList<>(removable);
            all.addAll(more);
            return new Copies(good, all, kept, leaving, bestRank);
        }

        static Copies of(List<ContainerReplica> live, Map<String, DatanodeStatus> nodes) {
            int bestRank = live.stream().mapToInt(ContainerCheck::rank).min().orElse(Integer.MAX_VALUE);
            long bestBcsid = live.stream()
                    .filter(r -> rank(r) == bestRank)
                    .mapToLong(ContainerReplica::bcsid)
                    .max()
                    .orElse(0);
            List<ContainerReplica> good = new ArrayList<>();
            List<ContainerReplica> removable = new ArrayList<>();
            for (ContainerReplica replica : live) {
                (isGood(replica, bestRank, bestBcsid) ? good : removable).add(replica);
            }
            List<ContainerReplica> kept = good.stream()
                    .filter(r ->
                            !nodes.get(r.datanodeUuid()).operational().state().isDecommission())
                    .toList();
            return new Copies(good, removable, kept, good.size() - kept.size(), bestRank);
        }
    }

    /**
     * A copy of the best rank at the best BCSID; also a QUASI_CLOSED copy at the BCSID of the CLOSED ones: it holds
     * the same committed blocks (a pipeline closed before its close reached every member), so deleting it to make
     * room would only lower redundancy for a while.
     */
    private static boolean isGood(ContainerReplica replica, int bestRank, long bestBcsid) {
        boolean sameData = replica.bcsid() == bestBcsid;
        return sameData
                && (rank(replica) == bestRank
                        || (bestRank == rank(ContainerState.CLOSED) && replica.state() == ContainerState.QUASI_CLOSED));
    }

    /** Racks the replicas are on. */
    static int racks(List<ContainerReplica> replicas, Map<String, DatanodeStatus> nodes) {
        return (int) replicas.stream()
                .map(r -> nodes.get(r.datanodeUuid()).datanode().rack())
                .distinct()
                .count();
    }

    private static Optional<DatanodeStatus> status(Map<String, DatanodeStatus> nodes, ContainerReplica replica) {
        return Optional.ofNullable(nodes.get(replica.datanodeUuid()));
    }

    private static int rank(ContainerReplica replica) {
        return rank(replica.state());
    }

    /** CLOSED before QUASI_CLOSED before UNHEALTHY; open, closing and deleted replicas hold no final copy. */
    private static int rank(ContainerState state) {
        return switch (state) {
            case CLOSED -> 0;
            case QUASI_CLOSED -> 1;
            case UNHEALTHY -> 2;
            case OPEN, CLOSING, DELETED -> Integer.MAX_VALUE;
        };
    }
}
