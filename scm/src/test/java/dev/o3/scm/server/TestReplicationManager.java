package dev.o3.scm.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.o3.scm.command.DatanodeCommand;
import dev.o3.scm.container.ContainerState;
import dev.o3.scm.node.DatanodeDescriptor;
import dev.o3.scm.node.DatanodeStatus;
import dev.o3.scm.node.NodeOperationalState;
import dev.o3.scm.node.OperationalState;
import dev.o3.scm.pipeline.Pipeline;
import dev.o3.scm.replication.ContainerHealth;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** The replication manager on the real SCM managers, a fake clock and datanodes that run its commands by hand. */
@Timeout(60)
class TestReplicationManager {
    @TempDir
    Path directory;

    private ReplicaHarness harness(int nodes, int racks, Map<String, String> conf) {
        return new ReplicaHarness(directory, nodes, racks, conf);
    }

    /** The one container of the first pipeline, closed on its three members. */
    private static long firstContainer(ReplicaHarness cluster) {
        return cluster.closeContainers().get(0);
    }

    @Test
    void healthyClusterGetsNoCommands() {
        try (ReplicaHarness cluster = harness(6, 2, Map.of())) {
            List<Long> containers = cluster.closeContainers();
            cluster.passSafeModeWait();

            cluster.runReplication();

            assertThat(cluster.allPendingCommands()).isEmpty();
            containers.forEach(id -> assertThat(cluster.health(id)).isIn(ContainerHealth.HEALTHY));
        }
    }

    @Test
    void aClosedContainerThatNeverHeldABlockIsDeletedEverywhereThenMarkedDeleted() {
        try (ReplicaHarness cluster = harness(6, 2, Map.of())) {
            Pipeline pipeline = cluster.scm().pipelines().openPipelines().get(0);
            long id = cluster.scm()
                    .containers()
                    .allocate(pipeline, 1, Set.of())
                    .orElseThrow()
                    .id();
            cluster.putEmpty(id, pipeline.memberIds());
            cluster.passSafeModeWait();

            cluster.runReplication();

            assertThat(cluster.health(id)).isEqualTo(ContainerHealth.EMPTY);
            assertThat(cluster.allPendingCommands())
                    .containsOnlyKeys(pipeline.memberIds())
                    .allSatisfy((node, commands) -> assertThat(commands)
                            .singleElement()
                            .isInstanceOfSatisfying(
                                    DatanodeCommand.DeleteContainer.class,
                                    d -> assertThat(d.containerId()).isEqualTo(id)));
            cluster.executeAll();
            cluster.heartbeatAll();
            cluster.runReplication();

            assertThat(cluster.holders(id)).isEmpty();
            assertThat(cluster.scm().containers().container(id).orElseThrow().state())
                    .isEqualTo(ContainerState.DELETED);
        }
    }

    @Test
    void replicasStillClosingAreNotReplaced() {
        try (ReplicaHarness cluster = harness(6, 2, Map.of())) {
            long id = cluster.closeContainers(ContainerState.CLOSING).get(0);
            String first = cluster.holders(id).iterator().next();
            cluster.put(first, id, ContainerState.CLOSED, ReplicaHarness.BCSID);
            cluster.passSafeModeWait();

            cluster.runReplication();

            assertThat(cluster.scm().containers().container(id).orElseThrow().state())
                    .isEqualTo(ContainerState.CLOSED);
            assertThat(cluster.allPendingCommands()).isEmpty();
            assertThat(cluster.scm().metrics().replicationDeferrals()).isZero();
        }
    }

    @Test
    void aReplicaLeftOpenAfterItsContainerClosedIsToldToCloseAgainForcedOnceItsPipelineIsGone() {
        try (ReplicaHarness cluster = harness(6, 2, Map.of())) {
            long id = firstContainer(cluster);
            String pipelineId =
                    cluster.scm().containers().container(id).orElseThrow().pipelineId();
            List<String> holders = cluster.holders(id).stream().sorted().toList();
            cluster.put(holders.get(0), id, ContainerState.OPEN, ReplicaHarness.BCSID);
            cluster.put(holders.get(1), id, ContainerState.CLOSING, ReplicaHarness.BCSID);
            cluster.passSafeModeWait();
            assertThat(cluster.closeCommands(holders.get(0))).isEmpty();

            cluster.runReplication();

            for (String holder : holders.subList(0, 2)) {
                assertThat(cluster.closeCommands(holder)).singleElement().satisfies(close -> {
                    assertThat(close.containerId()).isEqualTo(id);
                    assertThat(close.pipelineId()).isEqualTo(pipelineId);
                    assertThat(close.force()).isFalse();
                });
            }
            assertThat(cluster.closeCommands(holders.get(2))).isEmpty();
            assertThat(cluster.allPendingCommands()).isEmpty();

            cluster.scm().pipelines().closePipeline(pipelineId, "test");
            cluster.dropCommands(holders.get(0));
            cluster.stop(holders.get(1));
            cluster.passDeadInterval();
            cluster.runReplication();

            assertThat(cluster.closeCommands(holders.get(0)))
                    .filteredOn(close -> close.containerId() == id)
                    .singleElement()
                    .satisfies(close -> assertThat(close.force()).isTrue());
        }
    }

    @Test
    void aNodeWhoseVolumesAreFullIsNoCopyTarget() {
        try (ReplicaHarness cluster = harness(6, 1, Map.of())) {
            long id = firstContainer(cluster);
            Set<String> holders = cluster.holders(id);
            String victim = holders.iterator().next();
            List<String> others = cluster.scm().nodes().all().stream()
                    .map(DatanodeStatus::uuid)
                    .filter(uuid -> !holders.contains(uuid))
                    .toList();
            others.forEach(uuid -> cluster.scm().nodes().recordRoom(uuid, false));
            cluster.stop(victim);
            cluster.passDeadInterval();
            cluster.passSafeModeWait();

            cluster.runReplication();

            assertThat(cluster.allPendingCommands())
                    .as("every candidate is full")
                    .isEmpty();

            cluster.scm().nodes().recordRoom(others.get(0), true);
            cluster.runReplication();

            assertThat(cluster.allPendingCommands()).containsOnlyKeys(others.get(0));
        }
    }

    @Test
    void deadNodesReplicaIsCopiedFromTheSurvivorsToAnotherNodeThenConfirmedByItsReport() {
        try (ReplicaHarness cluster = harness(6, 2, Map.of())) {
            long id = firstContainer(cluster);
            Set<String> holders = cluster.holders(id);
            String victim = holders.iterator().next();
            cluster.stop(victim);
            cluster.passDeadInterval();
            cluster.passSafeModeWait();

            cluster.runReplication();

            assertThat(cluster.health(id)).isEqualTo(ContainerHealth.UNDER_REPLICATED);
            Map<String, List<DatanodeCommand>> sent = cluster.allPendingCommands();
            assertThat(sent).hasSize(1);
            String target = sent.keySet().iterator().next();
            assertThat(holders).doesNotContain(target);
            DatanodeCommand.ReplicateContainer copy =
                    (DatanodeCommand.ReplicateContainer) sent.get(target).get(0);
            assertThat(copy.containerId()).isEqualTo(id);
            Set<String> survivors =
                    holders.stream().filter(h -> !h.equals(victim)).collect(Collectors.toSet());
            assertThat(copy.sources().stream().map(DatanodeDescriptor::uuid))
                    .containsExactlyInAnyOrderElementsOf(survivors);
            Set<String> survivorRacks = survivors.stream().map(cluster::rack).collect(Collectors.toSet());
            if (survivorRacks.size() == 1) {
                assertThat(survivorRacks).doesNotContain(cluster.rack(target));
            }
            assertThat(copy.deadlineMillis())
                    .isEqualTo(cluster.scm()
                                    .nodes()
                                    .status(target)
                                    .orElseThrow()
                                    .lastHeartbeat()
                                    .toEpochMilli()
                            + ReplicaHarness.EVENT_TIMEOUT.minusMinutes(5).toMillis());

            cluster.executeAll();
            cluster.heartbeatAll();
            cluster.runReplication();

            assertThat(cluster.health(id)).isEqualTo(ContainerHealth.HEALTHY);
            assertThat(cluster.scm().metrics().replicasCreated()).isEqualTo(1);
            assertThat(cluster.allPendingCommands()).isEmpty();
        }
    }

    @Test
    void copyInFlightIsNotSentTwiceAndAnExpiredOneIsRetriedOnAnotherTarget() {
        try (ReplicaHarness cluster = harness(6, 2, Map.of())) {
            long id = firstContainer(cluster);
            cluster.stop(cluster.holders(id).iterator().next());
            cluster.passDeadInterval();
            cluster.passSafeModeWait();
            cluster.runReplication();
            String first = cluster.allPendingCommands().keySet().iterator().next();

            cluster.runReplication();
            assertThat(cluster.allPendingCommands()).containsOnlyKeys(first);
            assertThat(cluster.pendingCommands(first)).hasSize(1);

            cluster.dropCommands(first);
            cluster.advance(ReplicaHarness.EVENT_TIMEOUT);
            cluster.heartbeatAll();
            cluster.runReplication();

            assertThat(cluster.scm().metrics().replicationFailures()).isEqualTo(1);
            Map<String, List<DatanodeCommand>> retried = cluster.allPendingCommands();
            assertThat(retried).hasSize(1).doesNotContainKey(first);
            cluster.executeAll();
            cluster.heartbeatAll();
            cluster.runReplication();
            assertThat(cluster.health(id)).isEqualTo(ContainerHealth.HEALTHY);
        }
    }

    @Test
    void failureStatusFromTheTargetEndsTheCopyAtOnce() {
        try (ReplicaHarness cluster = harness(6, 2, Map.of())) {
            long id = firstContainer(cluster);
            cluster.stop(cluster.holders(id).iterator().next());
            cluster.passDeadInterval();
            cluster.passSafeModeWait();
            cluster.runReplication();
            String first = cluster.allPendingCommands().keySet().iterator().next();
            // Every source is stopped: the copy fails on the target and it says so in its next heartbeat.
            Set<String> sources =
                    cluster.holders(id).stream().filter(cluster::isUp).collect(Collectors.toSet());
            sources.forEach(cluster::stop);
            cluster.executeAll();
            sources.forEach(cluster::restart);
            cluster.heartbeatAll();

            cluster.runReplication();

            assertThat(cluster.scm().metrics().replicationFailures()).isEqualTo(1);
            assertThat(cluster.allPendingCommands()).hasSize(1).doesNotContainKey(first);
        }
    }

    @Test
    void unhealthyReplicaIsReplacedFirstAndDeletedOnlyOnceTheCopyIsReported() {
        try (ReplicaHarness cluster = harness(6, 2, Map.of())) {
            long id = firstContainer(cluster);
            String corrupt = cluster.holders(id).iterator().next();
            cluster.put(corrupt, id, ContainerState.UNHEALTHY, ReplicaHarness.BCSID);
            cluster.passSafeModeWait();

            cluster.runReplication();

            Map<String, List<DatanodeCommand>> sent = cluster.allPendingCommands();
            assertThat(sent).hasSize(1).doesNotContainKey(corrupt);
            assertThat(sent.values().iterator().next().get(0)).isInstanceOf(DatanodeCommand.ReplicateContainer.class);
            DatanodeCommand.ReplicateContainer copy = (DatanodeCommand.ReplicateContainer)
                    sent.values().iterator().next().get(0);
            assertThat(copy.sources().stream().map(DatanodeDescriptor::uuid)).doesNotContain(corrupt);

            cluster.runReplication();
            assertThat(cluster.pendingCommands(corrupt)).isEmpty();

            cluster.executeAll();
            cluster.heartbeatAll();
            cluster.runReplication();

            assertThat(cluster.pendingCommands(corrupt))
                    .singleElement()
                    .isInstanceOfSatisfying(DatanodeCommand.DeleteContainer.class, delete -> {
                        assertThat(delete.containerId()).isEqualTo(id);
                        assertThat(delete.force()).isTrue();
                    });
            cluster.executeAll();
            cluster.heartbeatAll();
            cluster.runReplication();
            assertThat(cluster.health(id)).isEqualTo(ContainerHealth.HEALTHY);
            assertThat(cluster.holders(id)).hasSize(3).doesNotContain(corrupt);
            assertThat(cluster.scm().metrics().replicasDeleted()).isEqualTo(1);
        }
    }

    @Test
    void overReplicatedContainerLosesOneReplicaAndKeepsTwoRacks() {
        try (ReplicaHarness cluster = harness(6, 2, Map.of())) {
            long id = firstContainer(cluster);
            Set<String> holders = cluster.holders(id);
            String extra = cluster.nodes().stream()
                    .filter(n -> !holders.contains(n))
                    .findFirst()
                    .orElseThrow();
            cluster.put(extra, id, ContainerState.CLOSED, ReplicaHarness.BCSID);
            cluster.passSafeModeWait();

            cluster.runReplication();

            assertThat(cluster.health(id)).isEqualTo(ContainerHealth.OVER_REPLICATED);
            Map<String, List<DatanodeCommand>> sent = cluster.allPendingCommands();
            assertThat(sent).hasSize(1);
            assertThat(sent.values().iterator().next())
                    .singleElement()
                    .isInstanceOf(DatanodeCommand.DeleteContainer.class);
            cluster.executeAll();
            cluster.heartbeatAll();
            cluster.runReplication();
            assertThat(cluster.holders(id)).hasSize(3);
            assertThat(cluster.holders(id).stream().map(cluster::rack).distinct())
                    .hasSize(2);
            assertThat(cluster.health(id)).isEqualTo(ContainerHealth.HEALTHY);
        }
    }

    @Test
    void containerOnOneRackGetsACopyOnTheOtherThenLosesOneFromTheCrowdedRack() {
        try (ReplicaHarness cluster = harness(6, 2, Map.of())) {
            long id = firstContainer(cluster);
            cluster.holders(id).forEach(h -> cluster.remove(h, id));
            List.of("dn0", "dn2", "dn4").forEach(n -> cluster.put(n, id, ContainerState.CLOSED, ReplicaHarness.BCSID));
            cluster.passSafeModeWait();

            cluster.runReplication();

            assertThat(cluster.health(id)).isEqualTo(ContainerHealth.MIS_REPLICATED);
            Map<String, List<DatanodeCommand>> sent = cluster.allPendingCommands();
            assertThat(sent).hasSize(1);
            assertThat(cluster.rack(sent.keySet().iterator().next())).isEqualTo("/rack1");
            for (int pass = 0; pass < 3; pass++) {
                cluster.executeAll();
                cluster.heartbeatAll();
                cluster.runReplication();
            }
            assertThat(cluster.holders(id)).hasSize(3);
            assertThat(cluster.holders(id).stream().map(cluster::rack).distinct())
                    .hasSize(2);
            assertThat(cluster.health(id)).isEqualTo(ContainerHealth.HEALTHY);
        }
    }

    @Test
    void misReplicatedContainerWaitsRatherThanCopyingOnItsOwnRack() {
        try (ReplicaHarness cluster = harness(
                8,
                2,
                Map.of(
                        "hdds.scm.replication.datanode.replication.limit", "1",
                        "ozone.scm.pipeline.owner.container.count", "1",
                        "ozone.scm.datanode.pipeline.limit", "2"))) {
            List<Long> containers = cluster.closeContainers().subList(0, 2);
            for (long id : containers) {
                cluster.holders(id).forEach(h -> cluster.remove(h, id));
                List.of("dn0", "dn2", "dn4")
                        .forEach(n -> cluster.put(n, id, ContainerState.CLOSED, ReplicaHarness.BCSID));
            }
            // dn1 is the only in-service node of /rack1 and takes one copy at a time; dn6 on /rack0 is free.
            List.of("dn3", "dn5", "dn7").forEach(n -> cluster.scm()
                    .nodes()
                    .setOperationalState(n, new OperationalState(NodeOperationalState.IN_MAINTENANCE)));
            cluster.passSafeModeWait();

            cluster.runReplication();

            assertThat(cluster.allPendingCommands()).containsOnlyKeys("dn1");
            assertThat(cluster.pendingCommands("dn1")).hasSize(1);
            assertThat(cluster.scm().metrics().replicationDeferrals()).isEqualTo(1);
        }
    }

    @Test
    void anOpenReplicaLeftBehindBelowTheClosedCopiesBcsidIsDeletedOnceThreeGoodCopiesExist() {
        try (ReplicaHarness cluster = harness(6, 2, Map.of())) {
            long id = firstContainer(cluster);
            Set<String> holders = cluster.holders(id);
            String outsider = cluster.nodes().stream()
                    .filter(n -> !holders.contains(n))
                    .findFirst()
                    .orElseThrow();
            cluster.put(outsider, id, ContainerState.OPEN, ReplicaHarness.BCSID - 40);
            cluster.heartbeatAll();
            cluster.passSafeModeWait();

            cluster.runReplication();

            assertThat(cluster.allPendingCommands())
                    .containsOnlyKeys(outsider)
                    .allSatisfy((node, commands) -> assertThat(commands)
                            .singleElement()
                            .isInstanceOfSatisfying(
                                    DatanodeCommand.DeleteContainer.class,
                                    d -> assertThat(d.containerId()).isEqualTo(id)));
            cluster.executeAll();
            cluster.heartbeatAll();
            cluster.runReplication();

            assertThat(cluster.holders(id)).isEqualTo(holders);
            assertThat(cluster.health(id)).isEqualTo(ContainerHealth.HEALTHY);
        }
    }

    @Test
    void aStaleOpenReplicaIsNotCountedAsACopyOnItsWay() {
        try (ReplicaHarness cluster = harness(6, 2, Map.of())) {
            long id = firstContainer(cluster);
            String behind = cluster.holders(id).iterator().next();
            cluster.put(behind, id, ContainerState.OPEN, ReplicaHarness.BCSID - 40);
            cluster.heartbeatAll();
            cluster.passSafeModeWait();

            cluster.runReplication();

            assertThat(cluster.health(id)).isEqualTo(ContainerHealth.UNDER_REPLICATED);
            assertThat(cluster.allPendingCommands().values().stream().flatMap(List::stream))
                    .singleElement()
                    .isInstanceOfSatisfying(
                            DatanodeCommand.ReplicateContainer.class,
                            copy -> assertThat(copy.containerId()).isEqualTo(id));
        }
    }

    @Test
    void quasiClosedCopyAtTheClosedCopiesBcsidCountsAsHealthy() {
        try (ReplicaHarness cluster = harness(3, 1, Map.of())) {
            long id = firstContainer(cluster);
            List<String> holders = cluster.holders(id).stream().sorted().toList();
            cluster.put(holders.get(2), id, ContainerState.QUASI_CLOSED, ReplicaHarness.BCSID);
            cluster.passSafeModeWait();

            cluster.runReplication();

            assertThat(cluster.health(id)).isEqualTo(ContainerHealth.HEALTHY);
            assertThat(cluster.allPendingCommands()).isEmpty();
        }
    }

    @Test
    void quasiClosedReplicasKeepTheHighestBcsidAndAreNeverForceClosed() {
        try (ReplicaHarness cluster = harness(6, 2, Map.of())) {
            long id = cluster.closeContainers(ContainerState.QUASI_CLOSED).get(0);
            List<String> holders = cluster.holders(id).stream().sorted().toList();
            cluster.put(holders.get(0), id, ContainerState.QUASI_CLOSED, 10);
            cluster.put(holders.get(1), id, ContainerState.QUASI_CLOSED, 10);
            cluster.put(holders.get(2), id, ContainerState.QUASI_CLOSED, 8);
            cluster.passSafeModeWait();

            cluster.runReplication();

            assertThat(cluster.health(id)).isEqualTo(ContainerHealth.UNDER_REPLICATED);
            Map<String, List<DatanodeCommand>> sent = cluster.allPendingCommands();
            assertThat(sent).hasSize(1);
            DatanodeCommand.ReplicateContainer copy = (DatanodeCommand.ReplicateContainer)
                    sent.values().iterator().next().get(0);
            assertThat(copy.sources().stream().map(DatanodeDescriptor::uuid))
                    .containsExactlyInAnyOrder(holders.get(0), holders.get(1));
            cluster.executeAll();
            cluster.heartbeatAll();
            cluster.runReplication();

            assertThat(cluster.pendingCommands(holders.get(2)))
                    .singleElement()
                    .isInstanceOf(DatanodeCommand.DeleteContainer.class);
            cluster.executeAll();
            cluster.heartbeatAll();
            cluster.runReplication();
            assertThat(cluster.health(id)).isEqualTo(ContainerHealth.HEALTHY);
            assertThat(cluster.holders(id)).hasSize(3).doesNotContain(holders.get(2));
            cluster.holders(id)
                    .forEach(h -> assertThat(cluster.disk(h).get(id).bcsid()).isEqualTo(10));
            assertThat(cluster.scm().containers().container(id).orElseThrow().state())
                    .isEqualTo(ContainerState.QUASI_CLOSED);
        }
    }

    @Test
    void perTargetAndClusterLimitsBoundTheCopiesInFlight() {
        // One rack of five: dn0..dn2 hold every container of their pipeline; dn0 dies, dn3 and dn4 are the targets.
        try (ReplicaHarness cluster = harness(
                6,
                1,
                Map.of(
                        "hdds.scm.replication.datanode.replication.limit", "1",
                        "ozone.scm.pipeline.owner.container.count", "5"))) {
            List<Long> containers = cluster.closeContainers();
            long id = containers.get(0);
            List<Long> sameHolders = containers.stream()
                    .filter(c -> cluster.holders(c).equals(cluster.holders(id)))
                    .toList();
            assertThat(sameHolders).hasSizeGreaterThan(1);
            cluster.stop(cluster.holders(id).iterator().next());
            cluster.passDeadInterval();
            cluster.passSafeModeWait();

            cluster.runReplication();

            Map<String, List<DatanodeCommand>> sent = cluster.allPendingCommands();
            sent.values().forEach(commands -> assertThat(commands).hasSize(1));
            assertThat(sent.values().stream().mapToInt(List::size).sum()).isLessThan(sameHolders.size());
            assertThat(cluster.scm().metrics().replicationDeferrals()).isPositive();
        }
    }

    @Test
    void clusterCapStopsAPassOnceReached() {
        try (ReplicaHarness cluster = harness(
                6,
                1,
                Map.of(
                        "hdds.scm.replication.datanode.replication.limit", "20",
                        "hdds.scm.replication.inflight.limit.factor", "0.01"))) {
            List<Long> containers = cluster.closeContainers();
            cluster.stop(cluster.holders(containers.get(0)).iterator().next());
            cluster.passDeadInterval();
            cluster.passSafeModeWait();

            cluster.runReplication();

            // ceil(5 healthy x 20 x 0.01) = 1 copy in flight in the whole cluster.
            assertThat(cluster.allPendingCommands().values().stream()
                            .mapToInt(List::size)
                            .sum())
                    .isEqualTo(1);
        }
    }

    @Test
    void nothingIsSentUntilTheWaitAfterSafeModeExitNorWhileStopped() {
        try (ReplicaHarness cluster = harness(6, 2, Map.of())) {
            long id = firstContainer(cluster);
            cluster.stop(cluster.holders(id).iterator().next());
            cluster.passDeadInterval();

            cluster.runReplication();
            assertThat(cluster.health(id)).isEqualTo(ContainerHealth.UNDER_REPLICATED);
            assertThat(cluster.allPendingCommands()).isEmpty();

            cluster.passSafeModeWait();
            cluster.replication().stop();
            cluster.runReplication();
            assertThat(cluster.allPendingCommands()).isEmpty();

            cluster.replication().start();
            cluster.runReplication();
            assertThat(cluster.allPendingCommands()).hasSize(1);
        }
    }

    @Test
    void decommissioningReplicaIsCopiedFromItselfAndMaintenanceReplicaStillCounts() {
        try (ReplicaHarness cluster = harness(6, 2, Map.of())) {
            long id = firstContainer(cluster);
            List<String> holders = cluster.holders(id).stream().sorted().toList();
            cluster.passSafeModeWait();
            cluster.scm()
                    .nodes()
                    .setOperationalState(holders.get(0), new OperationalState(NodeOperationalState.IN_MAINTENANCE));
            cluster.runReplication();
            assertThat(cluster.health(id)).isEqualTo(ContainerHealth.HEALTHY);
            assertThat(cluster.allPendingCommands()).isEmpty();

            cluster.scm()
                    .nodes()
                    .setOperationalState(holders.get(1), new OperationalState(NodeOperationalState.DECOMMISSIONING));
            cluster.runReplication();

            assertThat(cluster.health(id)).isEqualTo(ContainerHealth.UNDER_REPLICATED);
            Map<String, List<DatanodeCommand>> sent = cluster.allPendingCommands();
            assertThat(sent).hasSize(1).doesNotContainKeys(holders.toArray(String[]::new));
            DatanodeCommand.ReplicateContainer copy = (DatanodeCommand.ReplicateContainer)
                    sent.values().iterator().next().get(0);
            assertThat(copy.sources().stream().map(DatanodeDescriptor::uuid)).contains(holders.get(1));
            cluster.executeAll();
            cluster.heartbeatAll();
            cluster.runReplication();
            // The decommissioning node's copy is not deleted: decommission ends with the node leaving.
            assertThat(cluster.health(id)).isEqualTo(ContainerHealth.HEALTHY);
            assertThat(cluster.holders(id)).hasSize(4).contains(holders.get(1));
            assertThat(cluster.allPendingCommands()).isEmpty();
        }
    }
}
