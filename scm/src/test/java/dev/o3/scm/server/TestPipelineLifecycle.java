package dev.o3.scm.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.o3.scm.block.ExcludeList;
import dev.o3.scm.command.DatanodeCommand;
import dev.o3.scm.node.NodeState;
import dev.o3.scm.node.RatisDirs;
import dev.o3.scm.pipeline.Pipeline;
import dev.o3.scm.pipeline.PipelineReport;
import dev.o3.scm.pipeline.PipelineState;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TestPipelineLifecycle {
    @TempDir
    Path directory;

    private ScmFixture fixture;

    @AfterEach
    void close() {
        fixture.close();
    }

    /** An SCM for {@code datanodes} datanodes dn0, dn1, ... alternating over two racks, each in up to {@code limit}. */
    private StorageContainerManager openOnTwoRacks(int datanodes, int limit) {
        fixture = new ScmFixture(directory, Map.of("ozone.scm.datanode.pipeline.limit", String.valueOf(limit)));
        IntStream.range(0, datanodes).forEach(i -> fixture.rack("dn" + i, "/rack" + (i % 2)));
        return fixture.open();
    }

    @Test
    void pipelineOpensWhenAllThreeMembersReport() {
        fixture = new ScmFixture(directory, Map.of("ozone.scm.datanode.pipeline.limit", "2"));
        StorageContainerManager scm = fixture.open();
        fixture.registerAll(3);

        List<Pipeline> allocated = scm.pipelines().pipelines();
        assertThat(allocated).hasSize(2).allSatisfy(p -> assertThat(p.state()).isEqualTo(PipelineState.ALLOCATED));
        // On three nodes the two pipelines share the nodes with different suggested leaders.
        assertThat(allocated).extracting(Pipeline::suggestedLeaderId).doesNotHaveDuplicates();
        List<DatanodeCommand> commands = fixture.heartbeat("dn0");
        assertThat(commands).hasSize(2).allSatisfy(c -> assertThat(c)
                .isInstanceOf(DatanodeCommand.CreatePipeline.class));

        Pipeline first = allocated.get(0);
        fixture.heartbeat("dn0", List.of(new PipelineReport(first.id(), false, false)), List.of());
        fixture.heartbeat("dn1", List.of(new PipelineReport(first.id(), true, false)), List.of());
        assertThat(scm.pipelines().openPipelines()).isEmpty();
        fixture.heartbeat("dn2", List.of(new PipelineReport(first.id(), false, false)), List.of());

        assertThat(scm.metrics().creationFailures()).isZero();
        assertThat(scm.pipelines().openPipelines()).singleElement().satisfies(p -> {
            assertThat(p.id()).isEqualTo(first.id());
            assertThat(p.leaderId()).isEqualTo("dn1");
        });
    }

    @Test
    void deadNodePipelinesCloseAndCapacityIsRefilled() {
        StorageContainerManager scm = openOnTwoRacks(7, 1);
        fixture.registerAll(7);
        fixture.openAllPipelines();
        assertThat(scm.pipelines().openPipelines()).hasSize(2);
        Pipeline doomed = scm.pipelines().openPipelines().get(0);
        String victim = doomed.memberIds().get(0);
        List<String> alive = IntStream.range(0, 7)
                .mapToObj(i -> "dn" + i)
                .filter(id -> !id.equals(victim))
                .toList();

        fixture.passDeadInterval(alive);

        List<Pipeline> now = scm.pipelines().pipelines();
        assertThat(now).hasSize(2).allSatisfy(p -> assertThat(p.memberIds()).doesNotContain(victim));
        assertThat(now).filteredOn(p -> p.state() == PipelineState.ALLOCATED).hasSize(1);
        assertThat(scm.metrics().rackFallbacks()).isZero();
        assertThat(fixture.heartbeat(doomed.memberIds().get(1))).anySatisfy(c -> assertThat(c)
                .isEqualTo(new DatanodeCommand.ClosePipeline(c.commandId(), doomed.id())));
    }

    @Test
    void staleNodePipelinesCloseAndHealthyNodesFormANewOneBeforeTheDeadInterval() {
        fixture = new ScmFixture(directory, Map.of("ozone.scm.datanode.pipeline.limit", "1"));
        StorageContainerManager scm = fixture.open();
        fixture.registerAll(4);
        fixture.openAllPipelines();
        Pipeline doomed = scm.pipelines().openPipelines().get(0);
        String victim = doomed.memberIds().get(0);
        List<String> alive = IntStream.range(0, 4)
                .mapToObj(i -> "dn" + i)
                .filter(id -> !id.equals(victim))
                .toList();

        fixture.clock().advance(Duration.ofSeconds(31));
        alive.forEach(fixture::heartbeat);
        scm.checkHealth();

        assertThat(scm.nodes().all())
                .filteredOn(node -> node.uuid().equals(victim))
                .singleElement()
                .satisfies(node -> assertThat(node.state()).isEqualTo(NodeState.STALE));
        assertThat(scm.pipelines().pipelines()).singleElement().satisfies(p -> {
            assertThat(p.id()).isNotEqualTo(doomed.id());
            assertThat(p.memberIds()).containsExactlyInAnyOrderElementsOf(alive);
        });
        assertThat(fixture.heartbeat(doomed.memberIds().get(1))).anySatisfy(c -> assertThat(c)
                .isEqualTo(new DatanodeCommand.ClosePipeline(c.commandId(), doomed.id())));
    }

    @Test
    void newDatanodeInFullClusterJoinsNewPipeline() {
        StorageContainerManager scm = openOnTwoRacks(9, 1);
        fixture.registerAll(8);
        assertThat(scm.pipelines().pipelines()).hasSize(2);

        fixture.register("dn8");

        assertThat(scm.pipelines().pipelines()).hasSize(3).anySatisfy(p -> assertThat(p.memberIds())
                .contains("dn8"));
    }

    @Test
    void lateDatanodeGetsPipelinesByReformingThoseWithoutData() {
        StorageContainerManager scm = openOnTwoRacks(6, 3);
        fixture.registerAll(5);
        fixture.openAllPipelines();
        assertThat(scm.pipelines().pipelines()).hasSize(5);
        long reformedBefore = scm.metrics().pipelinesReformed();
        String withData = scm.blocks()
                .allocate(1024, 1, ExcludeList.none())
                .get(0)
                .pipeline()
                .id();

        fixture.register("dn5");

        assertThat(scm.pipelines().pipelines()).hasSize(6).anySatisfy(p -> assertThat(p.id())
                .isEqualTo(withData));
        assertThat(scm.pipelines().pipelineCountsByNode()).containsEntry("dn5", 3);
        assertThat(scm.metrics().pipelinesReformed()).isGreaterThan(reformedBefore);
        assertThat(scm.metrics().rackFallbacks()).isZero();
    }

    @Test
    void reformingWaitsWhileADatanodeIsStale() {
        StorageContainerManager scm = openOnTwoRacks(6, 3);
        fixture.registerAll(5);
        fixture.clock().advance(Duration.ofSeconds(31));
        List.of("dn1", "dn2", "dn3", "dn4").forEach(fixture::heartbeat);
        scm.checkHealth();
        List<Pipeline> before = scm.pipelines().pipelines();

        fixture.register("dn5");
        assertThat(scm.pipelines().pipelines()).isEqualTo(before);

        fixture.heartbeat("dn0");
        assertThat(scm.pipelines().pipelines()).hasSize(6);
    }

    @Test
    void reformingNeverClosesPipelinesWithData() {
        fixture = new ScmFixture(directory, Map.of("ozone.scm.datanode.pipeline.limit", "3"));
        StorageContainerManager scm = fixture.open();
        fixture.registerAll(5);
        fixture.openAllPipelines();
        List<Pipeline> before = scm.pipelines().pipelines();
        assertThat(scm.blocks().allocate(1024, 5, ExcludeList.none()))
                .extracting(block -> block.pipeline().id())
                .doesNotHaveDuplicates()
                .hasSize(5);
        long reformedBefore = scm.metrics().pipelinesReformed();

        fixture.register("dn5");

        // Every pipeline holds data: the late node stays in none rather than cost a write.
        assertThat(scm.pipelines().pipelines()).isEqualTo(before);
        assertThat(scm.pipelines().pipelineCountsByNode()).containsEntry("dn5", 0);
        assertThat(scm.metrics().pipelinesReformed()).isEqualTo(reformedBefore);
    }

    @Test
    void pipelineNeverReportedByAllMembersIsClosedAndReplaced() {
        fixture = new ScmFixture(directory, Map.of("ozone.scm.pipeline.allocated.timeout", "60s"));
        StorageContainerManager scm = fixture.open();
        fixture.registerAll(3);
        List<Pipeline> first = scm.pipelines().pipelines();
        assertThat(first).hasSize(2);

        fixture.clock().advance(Duration.ofSeconds(61));
        List.of("dn0", "dn1", "dn2").forEach(fixture::heartbeat);
        scm.checkHealth();

        List<Pipeline> second = scm.pipelines().pipelines();
        assertThat(second).hasSize(2).allSatisfy(p -> assertThat(first).doesNotContain(p));
        assertThat(second).allSatisfy(p -> assertThat(p.state()).isEqualTo(PipelineState.ALLOCATED));
    }

    @Test
    void zeroLimitIsDerivedFromReportedRatisDirs() {
        fixture = new ScmFixture(
                directory,
                Map.of("ozone.scm.datanode.pipeline.limit", "0", "ozone.scm.pipeline.per.metadata.disk", "1"));
        StorageContainerManager scm = fixture.open();
        fixture.registerAll(3);
        assertThat(scm.pipelines().pipelines()).hasSize(1);

        for (int i = 0; i < 3; i++) {
            scm.heartbeat("dn" + i, Optional.of(new RatisDirs(3, 0)), List.of(), Optional.empty(), List.of());
        }
        scm.pipelines().createPipelines();

        assertThat(scm.pipelines().pipelines()).hasSize(3);
        assertThat(scm.pipelines().pipelineCountsByNode())
                .containsOnly(Map.entry("dn0", 3), Map.entry("dn1", 3), Map.entry("dn2", 3));
    }

    @Test
    void aFailedRaftLogClosesItsPipelineAndLowersTheNodesLimit() {
        fixture = new ScmFixture(
                directory,
                Map.of("ozone.scm.datanode.pipeline.limit", "0", "ozone.scm.pipeline.per.metadata.disk", "1"));
        StorageContainerManager scm = fixture.open();
        fixture.registerAll(3);
        for (int i = 0; i < 3; i++) {
            scm.heartbeat("dn" + i, Optional.of(new RatisDirs(2, 0)), List.of(), Optional.empty(), List.of());
        }
        scm.pipelines().createPipelines();
        fixture.openAllPipelines();
        assertThat(scm.pipelines().openPipelines()).hasSize(2);
        Pipeline broken = scm.pipelines().openPipelines().get(0);

        scm.heartbeat(
                "dn0",
                Optional.of(new RatisDirs(1, 1)),
                List.of(new PipelineReport(broken.id(), false, true)),
                Optional.empty(),
                List.of());
        scm.pipelines().createPipelines();

        assertThat(scm.pipelines().openPipelines()).extracting(Pipeline::id).doesNotContain(broken.id());
        assertThat(scm.pipelines().pipelineCountsByNode().get("dn0"))
                .as("one healthy Ratis dir left: one pipeline")
                .isEqualTo(1);

        Pipeline other = scm.pipelines().openPipelines().get(0);
        scm.heartbeat(
                "dn0",
                Optional.of(new RatisDirs(0, 2)),
                List.of(new PipelineReport(other.id(), false, true)),
                Optional.empty(),
                List.of());
        scm.pipelines().createPipelines();
        assertThat(scm.pipelines().pipelineCountsByNode().get("dn0"))
                .as("no healthy Ratis dir: no pipeline")
                .isZero();
    }

    @Test
    void staleNodesGetNoNewPipelinesUntilTheyHeartbeatAgain() {
        fixture = new ScmFixture(directory, Map.of("ozone.scm.datanode.pipeline.limit", "1"));
        StorageContainerManager scm = fixture.open();
        fixture.register("dn0");
        fixture.register("dn1");
        fixture.clock().advance(Duration.ofSeconds(31));
        scm.checkHealth();

        fixture.register("dn2");
        fixture.register("dn3");
        assertThat(scm.pipelines().pipelines()).isEmpty();

        fixture.heartbeat("dn0");

        assertThat(scm.pipelines().pipelines()).singleElement().satisfies(p -> assertThat(p.memberIds())
                .containsExactlyInAnyOrder("dn0", "dn2", "dn3"));
        // One rack only: the pipeline could not be 2+1 and is counted as a rack fallback.
        assertThat(scm.metrics().rackFallbacks()).isEqualTo(1);
    }

    @Test
    void reportOfUnknownPipelineIsAnsweredWithClose() {
        fixture = new ScmFixture(directory, Map.of());
        fixture.open();
        fixture.register("dn0");

        List<DatanodeCommand> commands =
                fixture.heartbeat("dn0", List.of(new PipelineReport("gone", true, false)), List.of());

        assertThat(commands).singleElement().isInstanceOf(DatanodeCommand.ClosePipeline.class);
    }
}
