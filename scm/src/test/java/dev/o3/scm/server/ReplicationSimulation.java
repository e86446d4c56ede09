package dev.o3.scm.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.o3.scm.command.DatanodeCommand;
import dev.o3.scm.container.ContainerReplica;
import dev.o3.scm.container.ContainerReplicaReport;
import dev.o3.scm.container.ContainerState;
import dev.o3.scm.node.DatanodeStatus;
import dev.o3.scm.node.NodeState;
import dev.o3.scm.replication.PendingOp;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

/**
 * A seeded, replayable simulation of the replication manager: datanodes (on {@link ReplicaHarness}) stop, resume,
 * restart with their disks, get replicas corrupted, and run the commands they receive after random delays (or never,
 * until the commands expire). After each pass, every delete SCM sent must leave at least three healthy replicas on
 * live nodes; once the chaos stops with at least three live nodes on two racks, the cluster must converge to exactly
 * three healthy replicas per closed container on two racks, and no unhealthy one. Each step is traced for the
 * failure message.
 */
final class ReplicationSimulation implements AutoCloseable {
    private static final int CONVERGE_ROUNDS = 40;

    private final Random random;
    private final ReplicaHarness cluster;
    private final List<Long> containers;
    private final List<String> trace = new ArrayList<>();
    private final Set<Long> checkedCommands = new HashSet<>();

    private ReplicationSimulation(long seed, Path directory) {
        random = new Random(seed);
        int nodes = 4 + random.nextInt(6);
        int racks = 1 + random.nextInt(Math.min(3, nodes / 2));
        cluster = new ReplicaHarness(
                directory,
                nodes,
                racks,
                Map.of(
                        "ozone.scm.datanode.pipeline.limit", "2",
                        "ozone.scm.pipeline.owner.container.count", "2",
                        "hdds.scm.replication.datanode.replication.limit", String.valueOf(1 + random.nextInt(3))));
        containers = cluster.closeContainers();
        trace.add(nodes + " datanodes on " + racks + " racks, " + containers.size() + " containers");
        cluster.passSafeModeWait();
    }

    static ReplicationSimulation of(long seed, Path directory) {
        return new ReplicationSimulation(seed, directory);
    }

    /** Runs {@code steps} random events, checking every delete SCM sends. */
    void runRandom(int steps) {
        for (int step = 0; step < steps; step++) {
            randomEvent();
        }
    }

    private void randomEvent() {
        int dice = random.nextInt(100);
        List<String> up = cluster.nodes().stream().filter(cluster::isUp).toList();
        List<String> down =
                cluster.nodes().stream().filter(n -> !cluster.isUp(n)).toList();
        if (dice < 10 && up.size() > 1) {
            String victim = pick(up);
            cluster.stop(victim);
            trace.add(victim + " stops");
        } else if (dice < 16 && !down.isEmpty()) {
            String node = pick(down);
            cluster.restart(node);
            trace.add(node + " restarts");
        } else if (dice < 20 && !down.isEmpty()) {
            String node = pick(down);
            cluster.resume(node);
            trace.add(node + " resumes");
        } else if (dice < 24) {
            String node = pick(up);
            List<Long> held = List.copyOf(cluster.disk(node).keySet());
            if (!held.isEmpty()) {
                long id = held.get(random.nextInt(held.size()));
                ContainerReplicaReport replica = cluster.disk(node).get(id);
                cluster.put(node, id, ContainerState.UNHEALTHY, replica.bcsid());
                trace.add(node + " finds its replica of " + id + " corrupt");
            }
        } else if (dice < 32) {
            trace.add("dead interval passes");
            cluster.passDeadInterval();
        } else if (dice < 36) {
            trace.add("event timeout passes");
            cluster.advance(ReplicaHarness.EVENT_TIMEOUT);
            cluster.heartbeatAll();
            cluster.scm().checkHealth();
        } else if (dice < 60) {
            trace.add("replication pass");
            cluster.replication().run();
            checkDeletes();
            cluster.heartbeatAll();
        } else if (dice < 85) {
            runSomeCommands();
        } else {
            Duration step = Duration.ofSeconds(random.nextInt(60));
            trace.add("+" + step.toSeconds() + "s");
            cluster.advance(step);
            cluster.heartbeatAll();
            cluster.scm().checkHealth();
        }
    }

    private void runSomeCommands() {
        cluster.allPendingCommands().forEach((node, commands) -> {
            if (cluster.isUp(node)) {
                for (DatanodeCommand command : commands) {
                    if (random.nextBoolean()) {
                        trace.add(node + " runs " + describe(command));
                        cluster.execute(node, command);
                    }
                }
            }
        });
        cluster.heartbeatAll();
    }

    /**
     * The chaos stops: stopped nodes restart, except a random few kept dead while at least three live nodes on as
     * many racks as the cluster has (two at most) remain; then passes run until nothing is left to do.
     */
    void converge() {
        List<String> down = new ArrayList<>(
                cluster.nodes().stream().filter(n -> !cluster.isUp(n)).toList());
        int racks = (int) cluster.nodes().stream().map(cluster::rack).distinct().count();
        for (String node : down) {
            List<String> liveIfKept =
                    cluster.nodes().stream().filter(n -> cluster.isUp(n)).toList();
            boolean enoughWithout = liveIfKept.size() >= 3
                    && liveIfKept.stream().map(cluster::rack).distinct().count() >= Math.min(2, racks);
            if (enoughWithout && random.nextBoolean()) {
                trace.add(node + " stays dead");
            } else {
                cluster.restart(node);
                trace.add(node + " restarts for good");
            }
        }
        cluster.passDeadInterval();
        for (int round = 0; round < CONVERGE_ROUNDS; round++) {
            cluster.advance(Duration.ofSeconds(30));
            cluster.heartbeatAll();
            cluster.scm().checkHealth();
            cluster.replication().run();
            checkDeletes();
            cluster.heartbeatAll();
            cluster.executeAll();
            cluster.heartbeatAll();
        }
        trace.add("converged");
    }

    /** Every closed container that still has a copy on a live node has three healthy ones on two racks. */
    void assertConverged() {
        Set<String> live =
                new HashSet<>(cluster.nodes().stream().filter(cluster::isUp).toList());
        long liveRacks = live.stream().map(cluster::rack).distinct().count();
        for (long id : containers) {
            List<String> holders =
                    cluster.holders(id).stream().filter(live::contains).toList();
            if (holders.isEmpty()) {
                continue;
            }
            List<String> healthy = holders.stream()
                    .filter(n -> cluster.disk(n).get(id).state() != ContainerState.UNHEALTHY)
                    .toList();
            if (healthy.isEmpty()) {
                continue; // only corrupt copies survived: nothing healthy to restore from
            }
            assertThat(healthy).as("healthy live replicas of container %d", id).hasSize(3);
            assertThat(holders).as("live replicas of container %d", id).hasSize(3);
            assertThat(healthy.stream().map(cluster::rack).distinct().count())
                    .as("racks of container %d", id)
                    .isGreaterThanOrEqualTo(Math.min(2, liveRacks));
        }
    }

    /** Each delete of a healthy replica SCM decided leaves at least three, as SCM knew them, on nodes not dead. */
    private void checkDeletes() {
        for (long id : containers) {
            cluster.replication().pendingOps(id).stream()
                    .filter(op -> op.type() == PendingOp.Type.DELETE)
                    .filter(op -> checkedCommands.add(op.commandId()))
                    .forEach(op -> assertThat(healthyElsewhere(id, op.datanodeUuid()))
                            .as(
                                    "healthy replicas of container %d left after deleting the one on %s",
                                    id, op.datanodeUuid())
                            .isGreaterThanOrEqualTo(3));
        }
    }

    /**
     * Healthy replicas left after deleting the one on {@code deleted}: the best state SCM knows on nodes that are
     * not dead (CLOSED, else QUASI_CLOSED, else UNHEALTHY) with the highest BCSID; unbounded when the deleted replica
     * is not one of them.
     */
    private long healthyElsewhere(long id, String deleted) {
        List<ContainerReplica> live = cluster.scm().containers().replicas(id).stream()
                .filter(r -> cluster.scm()
                                .nodes()
                                .status(r.datanodeUuid())
                                .map(DatanodeStatus::state)
                                .orElse(NodeState.DEAD)
                        != NodeState.DEAD)
                .toList();
        for (ContainerState best :
                List.of(ContainerState.CLOSED, ContainerState.QUASI_CLOSED, ContainerState.UNHEALTHY)) {
            List<ContainerReplica> ofBest =
                    live.stream().filter(r -> r.state() == best).toList();
            if (!ofBest.isEmpty()) {
                long bcsid =
                        ofBest.stream().mapToLong(ContainerReplica::bcsid).max().orElseThrow();
                List<ContainerReplica> healthy =
                        ofBest.stream().filter(r -> r.bcsid() == bcsid).toList();
                if (healthy.stream().noneMatch(r -> r.datanodeUuid().equals(deleted))) {
                    return Long.MAX_VALUE; // not a healthy copy: deleting it leaves the healthy count as it is
                }
                return healthy.size() - 1L;
            }
        }
        return 0;
    }

    private static String describe(DatanodeCommand command) {
        if (command instanceof DatanodeCommand.ReplicateContainer copy) {
            return "copy of " + copy.containerId();
        }
        return "delete of " + ((DatanodeCommand.DeleteContainer) command).containerId();
    }

    private String pick(List<String> nodes) {
        return nodes.get(random.nextInt(nodes.size()));
    }

    String trace() {
        return String.join("\n", trace);
    }

    @Override
    public void close() {
        cluster.close();
    }
}
