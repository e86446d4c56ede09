package dev.o3.scm.replication;

import dev.o3.scm.container.ContainerReplica;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

/**
 * The replication manager's commands in flight, by container. An ADD completes when its target reports the replica,
 * a DELETE when its node stops reporting it; either fails when its deadline passes, its node is gone, or the node
 * reports the command failed. Not thread-safe: the replication manager holds its own lock around every call.
 */
final class PendingOps {
    /** How {@link #settle} ended each op it removed. */
    record Settled(List<PendingOp> completed, List<PendingOp> failed) {}

    private final Map<Long, List<PendingOp>> byContainer = new HashMap<>();

    void add(PendingOp op) {
        byContainer.computeIfAbsent(op.containerId(), id -> new ArrayList<>()).add(op);
    }

    /**
     * Removes the ops that completed or failed.
     *
     * @param replicas every container's reported replicas
     * @param nodeGone whether a datanode is dead or unknown (its ops cannot complete)
     */
    Settled settle(Instant now, Map<Long, List<ContainerReplica>> replicas, Predicate<String> nodeGone) {
        List<PendingOp> completed = new ArrayList<>();
        List<PendingOp> failed = new ArrayList<>();
        for (Iterator<List<PendingOp>> lists = byContainer.values().iterator(); lists.hasNext(); ) {
            List<PendingOp> ops = lists.next();
            for (Iterator<PendingOp> it = ops.iterator(); it.hasNext(); ) {
                PendingOp op = it.next();
                boolean present = replicas.getOrDefault(op.containerId(), List.of()).stream()
                        .anyMatch(r -> r.datanodeUuid().equals(op.datanodeUuid()));
                if (present == (op.type() == PendingOp.Type.ADD)) {
                    completed.add(op);
                    it.remove();
                } else if (!now.isBefore(op.deadline()) || nodeGone.test(op.datanodeUuid())) {
                    failed.add(op);
                    it.remove();
                }
            }
            if (ops.isEmpty()) {
                lists.remove();
            }
        }
        return new Settled(completed, failed);
    }

    /** Removes the op of a command its datanode reported as failed. */
    List<PendingOp> commandFailed(String datanodeUuid, long commandId) {
        List<PendingOp> failed = new ArrayList<>();
        byContainer
                .values()
                .forEach(ops -> ops.removeIf(op -> {
                    boolean match =
                            op.commandId() == commandId && op.datanodeUuid().equals(datanodeUuid);
                    if (match) {
                        failed.add(op);
                    }
                    return match;
                }));
        byContainer.values().removeIf(List::isEmpty);
        return failed;
    }

    List<PendingOp> of(long containerId) {
        return List.copyOf(byContainer.getOrDefault(containerId, List.of()));
    }

    /** Nodes that are targets of the container's ops of {@code type}. */
    Set<String> nodes(long containerId, PendingOp.Type type) {
        Set<String> nodes = new HashSet<>();
        for (PendingOp op : byContainer.getOrDefault(containerId, List.of())) {
            if (op.type() == type) {
                nodes.add(op.datanodeUuid());
            }
        }
        return nodes;
    }

    /** Ops of {@code type} per datanode. */
    Map<String, Integer> perNode(PendingOp.Type type) {
        Map<String, Integer> counts = new HashMap<>();
        byContainer.values().forEach(ops -> ops.stream()
                .filter(op -> op.type() == type)
                .forEach(op -> counts.merge(op.datanodeUuid(), 1, Integer::sum)));
        return counts;
    }

    int count(PendingOp.Type type) {
        int count = 0;
        for (List<PendingOp> ops : byContainer.values()) {
            count += (int) ops.stream().filter(op -> op.type() == type).count();
        }
        return count;
    }
}
