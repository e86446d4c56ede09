package dev.o3.scm.replication;

import dev.o3.scm.command.CommandQueue;
import dev.o3.scm.command.DatanodeCommand;
import dev.o3.scm.config.ReplicationConfig;
import dev.o3.scm.container.ContainerReplica;
import dev.o3.scm.metrics.ScmMetrics;
import dev.o3.scm.node.DatanodeDescriptor;
import dev.o3.scm.node.DatanodeStatus;
import dev.o3.scm.node.NodeState;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The commands of one replication pass, within the in-flight limits: copies for the containers that need them, in
 * queue order, then deletes. Not thread-safe: made and used by {@link ReplicationManager#run()} under the manager's
 * lock, which guards the pending ops, failed targets and requeue counts it updates.
 */
final class ReplicationPass {
    /**
     * What the pass sees: the time, every registered node by uuid, every container's reported replicas.
     *
     * @param now the pass's time
     * @param nodes registered datanodes by uuid
     * @param replicas reported replicas by container id
     * @param hasRoom whether a node's data volumes have room for a copy (full nodes are no targets)
     */
    record Snapshot(
            Instant now,
            Map<String, DatanodeStatus> nodes,
            Map<Long, List<ContainerReplica>> replicas,
            Predicate<String> hasRoom) {}

    private static final Logger LOG = LoggerFactory.getLogger(ReplicationPass.class);

    private final String logPrefix;
    private final ReplicationConfig config;
    private final CommandQueue commands;
    private final ScmMetrics metrics;
    private final PendingOps pending;
    private final Map<Long, Map<String, Instant>> failedTargets;
    private final Map<Long, Integer> requeues;
    private final Instant now;
    private final Map<String, DatanodeStatus> byUuid;
    private final Predicate<String> hasRoom;
    private final Map<Long, List<ContainerReplica>> replicas;
    private final Map<String, Integer> addsPerNode;
    private final Map<String, Integer> deletesPerNode;
    private final Map<String, Integer> replicasPerNode = new HashMap<>();
    private final int clusterLimit;
    private int adds;
    private int copiesSent;
    private int deletesSent;
    private int deferred;

    ReplicationPass(
            String logPrefix,
            ReplicationConfig config,
            CommandQueue commands,
            ScmMetrics metrics,
            PendingOps pending,
            Map<Long, Map<String, Instant>> failedTargets,
            Map<Long, Integer> requeues,
            Snapshot snapshot) {
        this.logPrefix = logPrefix;
        this.config = config;
        this.commands = commands;
        this.metrics = metrics;
        this.pending = pending;
        this.failedTargets = failedTargets;
        this.requeues = requeues;
        this.now = snapshot.now();
        this.byUuid = snapshot.nodes();
        this.hasRoom = snapshot.hasRoom();
        this.replicas = snapshot.replicas();
        this.addsPerNode = pending.perNode(PendingOp.Type.ADD);
        this.deletesPerNode = pending.perNode(PendingOp.Type.DELETE);
        this.adds = pending.count(PendingOp.Type.ADD);
        long healthy = byUuid.values().stream()
                .filter(s -> s.state() == NodeState.HEALTHY)
                .count();
        this.clusterLimit = config.clusterReplicationLimit((int) healthy);
        replicas.values().forEach(list -> list.forEach(r -> replicasPerNode.merge(r.datanodeUuid(), 1, Integer::sum)));
    }

    void replicate(Assessment assessment) {
        long id = assessment.container().id();
        if (assessment.sources().isEmpty()) {
            defer(id, "no source on a healthy node");
            return;
        }
        List<DatanodeDescriptor> sources = assessment.sources().stream()
                .map(r -> byUuid.get(r.datanodeUuid()).datanode())
                .toList();
        List<String> racksKept = new ArrayList<>(assessment.kept().stream()
                .map(r -> byUuid.get(r.datanodeUuid()).datanode().rack())
                .toList());
        pending.nodes(id, PendingOp.Type.ADD).stream()
                .map(byUuid::get)
                .filter(Objects::nonNull)
                .forEach(s -> racksKept.add(s.datanode().rack()));
        Set<String> excluded = new HashSet<>();
        replicas.getOrDefault(id, List.of()).forEach(r -> excluded.add(r.datanodeUuid()));
        excluded.addAll(pending.nodes(id, PendingOp.Type.ADD));
        excluded.addAll(pending.nodes(id, PendingOp.Type.DELETE));
        for (int i = 0; i < assessment.missingCopies(); i++) {
            if (adds >= clusterLimit) {
                defer(id, "cluster limit of " + clusterLimit + " copies in flight reached");
                return;
            }
            // A mis-replicated container only gains from a copy on another rack; one on the same rack would be
            // deleted again as excess.
            boolean otherRackOnly = assessment.health() == ContainerHealth.MIS_REPLICATED;
            Optional<DatanodeStatus> target = chooseTarget(id, excluded, racksKept, otherRackOnly);
            if (target.isEmpty()) {
                makeRoom(assessment);
                defer(id, "no target: every healthy in-service node holds it or is at its limit");
                return;
            }
            String uuid = target.get().uuid();
            Instant deadline = now.plus(config.eventTimeout());
            long deadlineMillis =
                    deadline.minus(config.datanodeDeadlineOffset()).toEpochMilli();
            long commandId = commands.nextCommandId();
            commands.add(uuid, new DatanodeCommand.ReplicateContainer(commandId, id, sources, deadlineMillis));
            pending.add(new PendingOp(PendingOp.Type.ADD, id, uuid, commandId, deadline));
            metrics.recordReplicationCommand("replicate");
            LOG.debug("{}container {} ({}): copy to {} from {}", logPrefix, id, assessment.health(), uuid, sources);
            excluded.add(uuid);
            racksKept.add(target.get().datanode().rack());
            addsPerNode.merge(uuid, 1, Integer::sum);
            adds++;
            copiesSent++;
        }
    }

    /**
     * Without a target, an UNHEALTHY or stale replica may be what blocks the only free node: deleting one (it is
     * not a healthy copy, so the healthy count stays) frees that node for the next pass.
     */
    private void makeRoom(Assessment assessment) {
        long id = assessment.container().id();
        Set<String> deleting = pending.nodes(id, PendingOp.Type.DELETE);
        if (!deleting.isEmpty()) {
            return;
        }
        assessment.removable().stream()
                .filter(r -> ReplicationManager.isTargetCandidate(byUuid.get(r.datanodeUuid())))
                .findFirst()
                .ifPresent(r -> sendDelete(id, r.datanodeUuid()));
    }

    /**
     * The least loaded candidate, on a rack the kept copies do not use while they use only one (only there when
     * {@code otherRackOnly}, else anywhere if that rack has none).
     */
    private Optional<DatanodeStatus> chooseTarget(
            long id, Set<String> excluded, List<String> racksKept, boolean otherRackOnly) {
        Map<String, Instant> failed = failedTargets.getOrDefault(id, Map.of());
        List<DatanodeStatus> candidates = byUuid.values().stream()
                .filter(ReplicationManager::isTargetCandidate)
                // a node whose volumes are full would fail the copy, or fill up further
                .filter(s -> hasRoom.test(s.uuid()))
                .filter(s -> !excluded.contains(s.uuid()))
                .filter(s -> addsPerNode.getOrDefault(s.uuid(), 0) < config.datanodeReplicationLimit())
                .toList();
        List<DatanodeStatus> fresh =
                candidates.stream().filter(s -> !failed.containsKey(s.uuid())).toList();
        List<DatanodeStatus> pool = fresh.isEmpty() ? candidates : fresh;
        Set<String> racks = new HashSet<>(racksKept);
        if (racks.size() == 1) {
            List<DatanodeStatus> otherRack = pool.stream()
                    .filter(s -> !racks.contains(s.datanode().rack()))
                    .toList();
            if (!otherRack.isEmpty() || otherRackOnly) {
                pool = otherRack;
            }
        }
        return pool.stream()
                .min(Comparator.<DatanodeStatus>comparingInt(s -> addsPerNode.getOrDefault(s.uuid(), 0))
                        .thenComparingInt(s -> replicasPerNode.getOrDefault(s.uuid(), 0))
                        .thenComparing(DatanodeStatus::uuid));
    }

    /** Deletes unhealthy and excess replicas while three healthy ones are confirmed. */
    void delete(Assessment assessment) {
        if (assessment.kept().size() < ContainerCheck.REPLICATION_FACTOR) {
            return;
        }
        long id = assessment.container().id();
        Set<String> deleting = pending.nodes(id, PendingOp.Type.DELETE);
        for (ContainerReplica replica : assessment.removable()) {
            if (!deleting.contains(replica.datanodeUuid())) {
                sendDelete(id, replica.datanodeUuid());
            }
        }
        List<ContainerReplica> remaining = new ArrayList<>(assessment.kept().stream()
                .filter(r -> !deleting.contains(r.datanodeUuid()))
                .toList());
        for (int i = 0; i < assessment.excessCopies(); i++) {
            Optional<ContainerReplica> victim = chooseExcess(remaining);
            if (victim.isEmpty() || !sendDelete(id, victim.get().datanodeUuid())) {
                return;
            }
            remaining.remove(victim.get());
        }
    }

    /** Deletes every replica of a container that never held a block, those not being deleted already. */
    void deleteAll(long id, List<ContainerReplica> held) {
        Set<String> deleting = pending.nodes(id, PendingOp.Type.DELETE);
        held.stream()
                .map(ContainerReplica::datanodeUuid)
                .filter(uuid -> !deleting.contains(uuid))
                .forEach(uuid -> sendDelete(id, uuid));
    }

    /**
     * A replica on a HEALTHY in-service node whose removal keeps the racks the copies span (two at most), on the
     * most loaded node.
     */
    private Optional<ContainerReplica> chooseExcess(List<ContainerReplica> remaining) {
        int racks = Math.min(2, ContainerCheck.racks(remaining, byUuid));
        return remaining.stream()
                .filter(r -> ReplicationManager.isTargetCandidate(byUuid.get(r.datanodeUuid())))
                .filter(r -> {
                    List<ContainerReplica> without = new ArrayList<>(remaining);
                    without.remove(r);
                    return ContainerCheck.racks(without, byUuid) >= racks;
                })
                .max(Comparator.<ContainerReplica>comparingInt(r -> replicasPerNode.getOrDefault(r.datanodeUuid(), 0))
                        .thenComparing(ContainerReplica::datanodeUuid));
    }

    private boolean sendDelete(long id, String uuid) {
        DatanodeStatus status = byUuid.get(uuid);
        if (status == null || status.state() != NodeState.HEALTHY) {
            return false;
        }
        if (deletesPerNode.getOrDefault(uuid, 0) >= config.datanodeDeleteLimit()) {
            defer(id, "delete limit of " + uuid + " reached");
            return false;
        }
        Instant deadline = now.plus(config.eventTimeout());
        long deadlineMillis = deadline.minus(config.datanodeDeadlineOffset()).toEpochMilli();
        long commandId = commands.nextCommandId();
        commands.add(uuid, new DatanodeCommand.DeleteContainer(commandId, id, true, deadlineMillis));
        pending.add(new PendingOp(PendingOp.Type.DELETE, id, uuid, commandId, deadline));
        metrics.recordReplicationCommand("delete");
        deletesPerNode.merge(uuid, 1, Integer::sum);
        deletesSent++;
        LOG.debug("{}container {}: delete the replica on {}", logPrefix, id, uuid);
        return true;
    }

    private void defer(long id, String why) {
        LOG.debug("{}container {} deferred: {}", logPrefix, id, why);
        requeues.merge(id, 1, Integer::sum);
        metrics.recordReplicationDeferred();
        deferred++;
    }

    void logSummary() {
        if (copiesSent + deletesSent + deferred > 0) {
            LOG.info(
                    "{}replication pass: {} copies and {} deletes sent, {} containers deferred, {} copies in "
                            + "flight",
                    logPrefix,
                    copiesSent,
                    deletesSent,
                    deferred,
                    adds);
        }
    }
}
