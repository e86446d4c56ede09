package dev.o3.scm.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.o3.scm.block.AllocatedBlock;
import dev.o3.scm.block.ExcludeList;
import dev.o3.scm.container.ContainerReplicaReport;
import dev.o3.scm.container.ContainerState;
import dev.o3.scm.decommission.AdminProgress;
import dev.o3.scm.error.ScmErrorCode;
import dev.o3.scm.error.ScmException;
import dev.o3.scm.metrics.ScmMetrics;
import dev.o3.scm.node.DatanodeStatus;
import dev.o3.scm.node.NodeOperationalState;
import dev.o3.scm.pipeline.Pipeline;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot;
import io.prometheus.metrics.model.snapshots.Labels;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Decommission and maintenance on the real SCM managers with a fake clock: four datanodes, one pipeline (limit 1) with
 * one open container, so one node is outside it and can receive the copy the replication manager would make
 * (simulated here by that node reporting a CLOSED replica).
 */
class TestDatanodeAdmin {
    @TempDir
    Path directory;

    private ScmFixture fixture;
    private StorageContainerManager scm;
    private List<String> members;
    private String outsider;
    private long container;

    @AfterEach
    void close() {
        fixture.close();
    }

    /** {@code nodes} datanodes, one open pipeline whose container holds data on every member. */
    private void openCluster(int nodes) {
        fixture = new ScmFixture(
                directory,
                Map.of("ozone.scm.datanode.pipeline.limit", "1", "ozone.scm.pipeline.owner.container.count", "1"));
        scm = fixture.open();
        fixture.registerAll(nodes);
        fixture.openAllPipelines();
        Pipeline pipeline = scm.pipelines().openPipelines().get(0);
        members = pipeline.memberIds();
        outsider = scm.nodes().all().stream()
                .map(DatanodeStatus::uuid)
                .filter(uuid -> !members.contains(uuid))
                .findFirst()
                .orElse("");
        container = fixture.allocateOnEveryPipeline().get(0);
        members.forEach(member -> report(member, ContainerState.OPEN));
    }

    private void report(String uuid, ContainerState state) {
        var unused = scm.heartbeat(
                uuid,
                Optional.empty(),
                List.of(),
                Optional.of(List.of(new ContainerReplicaReport(container, state, 4096, 1, 1))),
                List.of());
    }

    private NodeOperationalState operational(String uuid) {
        return scm.nodes().status(uuid).orElseThrow().operational().state();
    }

    private List<Pipeline> activePipelinesOf(String uuid) {
        return scm.pipelines().pipelines().stream()
                .filter(p -> !p.isClosed() && p.memberIds().contains(uuid))
                .toList();
    }

    private AdminProgress progress(String uuid) {
        return scm.datanodeAdmin().progress().stream()
                .filter(p -> p.datanode().uuid().equals(uuid))
                .findFirst()
                .orElseThrow();
    }

    @Test
    void decommissionClosesTheNodesPipelinesAndItGetsNoNewOnesNorBlocks() {
        openCluster(4);
        String leaving = members.get(0);

        scm.datanodeAdmin().decommission(List.of(leaving + ".example.com"), false);

        assertThat(operational(leaving)).isEqualTo(NodeOperationalState.DECOMMISSIONING);
        assertThat(activePipelinesOf(leaving)).isEmpty();
        assertThat(scm.containers().containers().get(0).state()).isEqualTo(ContainerState.CLOSING);
        fixture.periodicCreationRound();
        fixture.openAllPipelines();
        assertThat(activePipelinesOf(leaving)).isEmpty();
        assertThat(scm.pipelines().openPipelines()).singleElement().satisfies(p -> assertThat(p.memberIds())
                .containsExactlyInAnyOrder(members.get(1), members.get(2), outsider));
        List<AllocatedBlock> blocks = scm.blocks().allocate(1024, 4, ExcludeList.none());
        assertThat(blocks)
                .allSatisfy(block -> assertThat(block.pipeline().memberIds()).doesNotContain(leaving));
    }

    @Test
    void staysDecommissioningUntilEveryContainerHasThreeReplicasElsewhere() {
        openCluster(4);
        String leaving = members.get(0);
        scm.datanodeAdmin().decommission(List.of(leaving), false);

        scm.datanodeAdmin().run();
        assertThat(operational(leaving)).isEqualTo(NodeOperationalState.DECOMMISSIONING);
        assertThat(progress(leaving).unclosedIds()).containsExactly(container);

        members.forEach(member -> report(member, ContainerState.CLOSED));
        scm.datanodeAdmin().run();
        assertThat(operational(leaving)).isEqualTo(NodeOperationalState.DECOMMISSIONING);
        assertThat(progress(leaving).underReplicatedIds()).containsExactly(container);
        assertThat(progress(leaving).unclosed()).isZero();

        report(outsider, ContainerState.CLOSED);
        scm.datanodeAdmin().run();

        assertThat(operational(leaving)).isEqualTo(NodeOperationalState.DECOMMISSIONED);
        assertThat(scm.datanodeAdmin().progress()).isEmpty();
        // Nothing removed the node's replica: reads may still use it.
        assertThat(scm.containers().replicaNodes(container)).contains(leaving);
    }

    @Test
    void maintenanceKeepsTheMinimumOnlineAndEndsByItself() {
        openCluster(4);
        String away = members.get(0);
        members.forEach(member -> report(member, ContainerState.CLOSED));

        scm.datanodeAdmin().startMaintenance(List.of(away), Optional.of(Duration.ofHours(2)), false);
        assertThat(operational(away)).isEqualTo(NodeOperationalState.ENTERING_MAINTENANCE);
        assertThat(activePipelinesOf(away)).isEmpty();

        scm.datanodeAdmin().run();
        assertThat(operational(away)).isEqualTo(NodeOperationalState.IN_MAINTENANCE);
        assertThat(scm.nodes().status(away).orElseThrow().operational().maintenanceEnd())
                .contains(Instant.parse("2026-01-01T02:00:00Z"));

        fixture.clock().advance(Duration.ofMinutes(119));
        scm.datanodeAdmin().run();
        assertThat(operational(away)).isEqualTo(NodeOperationalState.IN_MAINTENANCE);

        fixture.clock().advance(Duration.ofMinutes(1));
        scm.datanodeAdmin().run();
        assertThat(operational(away)).isEqualTo(NodeOperationalState.IN_SERVICE);
        assertThat(scm.nodes().inServiceHealthy())
                .extracting(DatanodeStatus::uuid)
                .contains(away);
    }

    @Test
    void entersMaintenanceOnlyWhileTheMinimumStaysOnline() {
        openCluster(4);
        members.forEach(member -> report(member, ContainerState.CLOSED));
        scm.datanodeAdmin().startMaintenance(List.of(members.get(0)), Optional.empty(), false);
        scm.datanodeAdmin().run();
        assertThat(operational(members.get(0))).isEqualTo(NodeOperationalState.IN_MAINTENANCE);

        // A second member forced into maintenance would leave one replica online.
        scm.datanodeAdmin().startMaintenance(List.of(members.get(1)), Optional.empty(), true);
        scm.datanodeAdmin().run();

        assertThat(operational(members.get(1))).isEqualTo(NodeOperationalState.ENTERING_MAINTENANCE);
        assertThat(progress(members.get(1)).underReplicated()).isEqualTo(1);
        assertThat(progress(members.get(1)).datanode().hostName()).isEqualTo(members.get(1) + ".example.com");
    }

    @Test
    void recommissionReturnsTheNodeToServiceAndToPipelines() {
        openCluster(4);
        String node = members.get(0);
        scm.datanodeAdmin().decommission(List.of(node), false);

        scm.datanodeAdmin().recommission(List.of(node));

        assertThat(operational(node)).isEqualTo(NodeOperationalState.IN_SERVICE);
        assertThat(scm.datanodeAdmin().progress()).isEmpty();
        assertThat(scm.nodes().inServiceHealthy())
                .extracting(DatanodeStatus::uuid)
                .contains(node);
        assertThat(fixture.restart().nodes().status(node)).isEmpty();
        fixture.registerAll(4);
        assertThat(fixture.scm()
                        .nodes()
                        .status(node)
                        .orElseThrow()
                        .operational()
                        .state())
                .isEqualTo(NodeOperationalState.IN_SERVICE);
    }

    @Test
    void unsafeRequestsAreRefusedAndChangeNothing() {
        openCluster(3);
        List<Pipeline> before = scm.pipelines().pipelines();

        assertThatThrownBy(() -> scm.datanodeAdmin().decommission(List.of("dn0"), false))
                .isInstanceOfSatisfying(
                        ScmException.class, e -> assertThat(e.code()).isEqualTo(ScmErrorCode.INSUFFICIENT_NODES))
                .hasMessage("insufficient nodes: decommissioning 1 of 3 IN_SERVICE HEALTHY datanodes would leave 2, "
                        + "and their containers need 3; add datanodes or use --force");
        assertThatThrownBy(() -> scm.datanodeAdmin().startMaintenance(List.of("dn0", "dn1"), Optional.empty(), false))
                .isInstanceOfSatisfying(
                        ScmException.class, e -> assertThat(e.code()).isEqualTo(ScmErrorCode.INSUFFICIENT_NODES))
                .hasMessageContaining("putting in maintenance 2 of 3")
                .hasMessageContaining("would leave 1, and their containers need 2");
        assertThatThrownBy(() -> scm.datanodeAdmin().decommission(List.of("dn1.example.com", "nosuch"), true))
                .isInstanceOfSatisfying(
                        ScmException.class, e -> assertThat(e.code()).isEqualTo(ScmErrorCode.UNKNOWN_DATANODE))
                .hasMessage("no datanode nosuch is registered with SCM");
        // Every node registers with the same IP address in the fixture.
        assertThatThrownBy(() -> scm.datanodeAdmin().recommission(List.of("10.1.0.1")))
                .hasMessage("10.1.0.1 matches 3 datanodes; name one by uuid");

        assertThat(scm.nodes().all())
                .allSatisfy(node -> assertThat(node.operational().state()).isEqualTo(NodeOperationalState.IN_SERVICE));
        assertThat(scm.pipelines().pipelines()).isEqualTo(before);
        assertThat(scm.datanodeAdmin().progress()).isEmpty();
    }

    @Test
    void forceSkipsTheCheckAndAMaintenanceNodeCannotBeDecommissioned() {
        openCluster(3);
        scm.datanodeAdmin().startMaintenance(List.of("dn0"), Optional.empty(), false);

        assertThatThrownBy(() -> scm.datanodeAdmin().decommission(List.of("dn0"), true))
                .isInstanceOfSatisfying(
                        ScmException.class, e -> assertThat(e.code()).isEqualTo(ScmErrorCode.INVALID_NODE_STATE));
        scm.datanodeAdmin().decommission(List.of("dn1"), true);

        assertThat(operational("dn0")).isEqualTo(NodeOperationalState.ENTERING_MAINTENANCE);
        assertThat(operational("dn1")).isEqualTo(NodeOperationalState.DECOMMISSIONING);
    }

    @Test
    void aNodeThatDiesWhileDecommissioningIsHandledAsDead() {
        openCluster(4);
        String leaving = members.get(0);
        scm.datanodeAdmin().decommission(List.of(leaving), false);
        List<String> alive = new ArrayList<>(members.subList(1, 3));
        alive.add(outsider);

        fixture.passDeadInterval(alive);
        scm.datanodeAdmin().run();

        assertThat(operational(leaving)).isEqualTo(NodeOperationalState.IN_SERVICE);
        assertThat(scm.datanodeAdmin().progress()).isEmpty();
    }

    @Test
    void restartKeepsTheOperationalStatesAndResumesTheWorkflow() {
        openCluster(4);
        String leaving = members.get(0);
        members.forEach(member -> report(member, ContainerState.CLOSED));
        scm.datanodeAdmin().decommission(List.of(leaving), false);
        scm.datanodeAdmin().startMaintenance(List.of(outsider), Optional.of(Duration.ofHours(1)), true);

        scm = fixture.restart();
        fixture.registerAll(4);
        // Datanodes register with their container reports.
        members.forEach(member -> report(member, ContainerState.CLOSED));

        assertThat(operational(leaving)).isEqualTo(NodeOperationalState.DECOMMISSIONING);
        assertThat(operational(outsider)).isEqualTo(NodeOperationalState.ENTERING_MAINTENANCE);
        assertThat(scm.nodes().status(outsider).orElseThrow().operational().maintenanceEnd())
                .contains(Instant.parse("2026-01-01T01:00:00Z"));
        assertThat(activePipelinesOf(leaving)).isEmpty();
        assertThat(activePipelinesOf(outsider)).isEmpty();
        assertThat(scm.datanodeAdmin().progress())
                .extracting(p -> p.datanode().uuid())
                .containsExactlyInAnyOrder(leaving, outsider);

        fixture.clock().advance(Duration.ofHours(1));
        scm.datanodeAdmin().run();
        assertThat(operational(outsider)).isEqualTo(NodeOperationalState.IN_SERVICE);
        assertThat(operational(leaving)).isEqualTo(NodeOperationalState.DECOMMISSIONING);
    }

    @Test
    void metricsFollowTheNodesProgress() {
        openCluster(4);
        String leaving = members.get(0);
        scm.datanodeAdmin().decommission(List.of(leaving), false);
        scm.datanodeAdmin().run();

        assertThat(gauge(ScmMetrics.ADMIN_NODES, Labels.of("state", "decommissioning")))
                .isEqualTo(1);
        assertThat(gauge(ScmMetrics.ADMIN_NODES, Labels.of("state", "in_service")))
                .isEqualTo(3);
        assertThat(gauge(ScmMetrics.ADMIN_UNCLOSED, Labels.of("datanode", leaving)))
                .isEqualTo(1);
        assertThat(gauge(ScmMetrics.ADMIN_UNDER_REPLICATED, Labels.of("datanode", leaving)))
                .isZero();

        members.forEach(member -> report(member, ContainerState.CLOSED));
        scm.datanodeAdmin().run();

        assertThat(gauge(ScmMetrics.ADMIN_UNCLOSED, Labels.of("datanode", leaving)))
                .isZero();
        assertThat(gauge(ScmMetrics.ADMIN_UNDER_REPLICATED, Labels.of("datanode", leaving)))
                .isEqualTo(1);
        scm.datanodeAdmin().recommission(List.of(leaving));
        assertThat(scm.metrics().recommissions()).isEqualTo(1);
    }

    private double gauge(String name, Labels labels) {
        return fixture.registry().scrape().stream()
                .filter(metric -> metric.getMetadata().getName().equals(name))
                .flatMap(metric -> metric.getDataPoints().stream())
                .filter(point -> point.getLabels().equals(labels))
                .map(point -> ((GaugeSnapshot.GaugeDataPointSnapshot) point).getValue())
                .findFirst()
                .orElseThrow(() -> new AssertionError("no " + name + labels + " in the scrape"));
    }
}
