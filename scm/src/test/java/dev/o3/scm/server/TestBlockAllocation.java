package dev.o3.scm.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import dev.o3.scm.block.AllocatedBlock;
import dev.o3.scm.block.BlockLease;
import dev.o3.scm.block.BlockManager;
import dev.o3.scm.block.ExcludeList;
import dev.o3.scm.command.DatanodeCommand;
import dev.o3.scm.container.ContainerInfo;
import dev.o3.scm.container.ContainerReplicaReport;
import dev.o3.scm.container.ContainerState;
import dev.o3.scm.error.ScmErrorCode;
import dev.o3.scm.error.ScmException;
import dev.o3.scm.pipeline.Pipeline;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TestBlockAllocation {
    private static final long MB = 1024 * 1024;

    @TempDir
    Path directory;

    private ScmFixture fixture;

    @AfterEach
    void close() {
        fixture.close();
    }

    private StorageContainerManager openCluster(Map<String, String> overrides) {
        fixture = new ScmFixture(directory, overrides);
        StorageContainerManager scm = fixture.open();
        fixture.registerAll(6);
        fixture.openAllPipelines();
        return scm;
    }

    @Test
    void blocksGoRoundRobinOverPipelinesAndTheirContainers() {
        StorageContainerManager scm = openCluster(Map.of("ozone.scm.datanode.pipeline.limit", "2"));
        assertThat(scm.pipelines().openPipelines()).hasSize(4);

        List<AllocatedBlock> blocks = scm.blocks().allocate(MB, 24, ExcludeList.none());

        Map<String, Long> perPipeline =
                blocks.stream().collect(Collectors.groupingBy(b -> b.pipeline().id(), Collectors.counting()));
        assertThat(perPipeline).hasSize(4).allSatisfy((id, count) -> assertThat(count)
                .isEqualTo(6));
        Map<Long, Long> perContainer =
                blocks.stream().collect(Collectors.groupingBy(AllocatedBlock::containerId, Collectors.counting()));
        assertThat(perContainer).hasSize(12).allSatisfy((id, count) -> assertThat(count)
                .isEqualTo(2));
        assertThat(blocks).extracting(AllocatedBlock::localId).doesNotHaveDuplicates();
    }

    @Test
    void excludeListAvoidsFailedNodesPipelinesAndContainers() {
        StorageContainerManager scm = openCluster(Map.of("ozone.scm.datanode.pipeline.limit", "2"));
        Pipeline failedPipeline = scm.pipelines().openPipelines().get(0);
        String failedNode = scm.pipelines().openPipelines().get(1).memberIds().get(0);
        long failedContainer =
                scm.blocks().allocate(MB, 1, ExcludeList.none()).get(0).containerId();

        List<AllocatedBlock> blocks = scm.blocks()
                .allocate(
                        MB,
                        40,
                        new ExcludeList(Set.of(failedNode), Set.of(failedPipeline.id()), Set.of(failedContainer)));

        assertThat(blocks).allSatisfy(block -> {
            assertThat(block.pipeline().id()).isNotEqualTo(failedPipeline.id());
            assertThat(block.pipeline().memberIds()).doesNotContain(failedNode);
            assertThat(block.containerId()).isNotEqualTo(failedContainer);
        });
    }

    @Test
    void excludingEveryPipelineFails() {
        StorageContainerManager scm = openCluster(Map.of("ozone.scm.datanode.pipeline.limit", "1"));
        Set<String> all = scm.nodes().all().stream().map(s -> s.uuid()).collect(Collectors.toSet());

        assertThatThrownBy(() -> scm.blocks().allocate(MB, 1, new ExcludeList(all, Set.of(), Set.of())))
                .isInstanceOfSatisfying(
                        ScmException.class, e -> assertThat(e.code()).isEqualTo(ScmErrorCode.NO_OPEN_PIPELINE));
    }

    @Test
    void pipelinesWithAFullMemberTakeNoBlocksAndAFullClusterFailsAtOnce() {
        StorageContainerManager scm = openCluster(Map.of("ozone.scm.datanode.pipeline.limit", "1"));
        List<Pipeline> open = scm.pipelines().openPipelines();
        assertThat(open).hasSize(2);
        String fullNode = open.get(0).memberIds().get(1);

        scm.nodes().recordRoom(fullNode, false);

        assertThat(scm.blocks().allocate(MB, 8, ExcludeList.none()))
                .allSatisfy(block ->
                        assertThat(block.pipeline().id()).isEqualTo(open.get(1).id()));

        scm.nodes().recordRoom(open.get(1).memberIds().get(0), false);
        // Excluding the pipelines a full datanode refused must not turn "no room" into "no pipeline, wait".
        ExcludeList refused =
                new ExcludeList(Set.of(), open.stream().map(Pipeline::id).collect(Collectors.toSet()), Set.of());
        for (ExcludeList exclude : List.of(ExcludeList.none(), refused)) {
            assertThatThrownBy(() -> scm.blocks().allocate(MB, 1, exclude))
                    .isInstanceOfSatisfying(
                            ScmException.class, e -> assertThat(e.code()).isEqualTo(ScmErrorCode.NO_SPACE))
                    .hasMessageContaining("full");
        }

        scm.nodes().recordRoom(fullNode, true);

        assertThat(scm.blocks().allocate(MB, 4, ExcludeList.none()))
                .allSatisfy(block ->
                        assertThat(block.pipeline().id()).isEqualTo(open.get(0).id()));
    }

    @Test
    void sizeZeroMeansBlockSizeAndLargerSizesAreRejected() {
        StorageContainerManager scm = openCluster(Map.of("ozone.scm.block.size", "1MB"));
        long containerId =
                scm.blocks().allocate(0, 1, ExcludeList.none()).get(0).containerId();

        assertThat(scm.containers().containers())
                .filteredOn(c -> c.id() == containerId)
                .singleElement()
                .satisfies(c -> assertThat(c.allocatedBytes()).isEqualTo(MB));
        assertThatThrownBy(() -> scm.blocks().allocate(MB + 1, 1, ExcludeList.none()))
                .isInstanceOfSatisfying(
                        ScmException.class, e -> assertThat(e.code()).isEqualTo(ScmErrorCode.INVALID_REQUEST));
    }

    @Test
    void safeModeRefusesAllocation() {
        fixture = new ScmFixture(directory, Map.of("hdds.scm.safemode.min.datanode", "3"));
        StorageContainerManager scm = fixture.open();
        fixture.registerAll(2);

        assertThatThrownBy(() -> scm.blocks().allocate(MB, 1, ExcludeList.none()))
                .isInstanceOfSatisfying(
                        ScmException.class, e -> assertThat(e.code()).isEqualTo(ScmErrorCode.SAFE_MODE));
        assertThat(scm.pipelines().pipelines()).isEmpty();

        fixture.register("dn2");

        assertThat(scm.safeMode().inSafeMode()).isFalse();
        assertThat(scm.pipelines().pipelines()).isNotEmpty();
    }

    @Test
    void fullyAllocatedContainerIsReplacedButStaysOpenForItsWriters() {
        StorageContainerManager scm = openCluster(Map.of(
                "ozone.scm.datanode.pipeline.limit", "1",
                "ozone.scm.pipeline.owner.container.count", "1",
                "ozone.scm.container.size", "4MB",
                "ozone.scm.block.size", "1MB"));
        // 2 pipelines, one container with room each: 8 blocks fill both, the 9th and 10th go to new ones.
        List<AllocatedBlock> blocks = scm.blocks().allocate(MB, 10, ExcludeList.none());
        Map<Long, ContainerInfo> containers = byId(scm.containers().containers());
        Set<Long> filled =
                blocks.subList(0, 8).stream().map(AllocatedBlock::containerId).collect(Collectors.toSet());
        Set<Long> fresh =
                blocks.subList(8, 10).stream().map(AllocatedBlock::containerId).collect(Collectors.toSet());

        assertThat(filled).hasSize(2).doesNotContainAnyElementsOf(fresh);
        assertThat(fresh).hasSize(2);
        assertThat(filled)
                .allSatisfy(id -> assertThat(containers.get(id).state()).isEqualTo(ContainerState.OPEN));
        Pipeline pipeline = blocks.get(0).pipeline();
        assertThat(fixture.heartbeat(pipeline.memberIds().get(0)))
                .noneMatch(c -> c instanceof DatanodeCommand.CloseContainer);
    }

    @Test
    void leasesTakeTheirBudgetInContainersOfEachPipelineInTurnUntilTheUnusedPartIsReleased() {
        StorageContainerManager scm = openCluster(Map.of(
                "ozone.scm.datanode.pipeline.limit", "1",
                "ozone.scm.pipeline.owner.container.count", "1",
                "ozone.scm.container.size", "4MB",
                "ozone.scm.block.size", "1MB"));
        List<BlockLease> leases = scm.blocks().lease(MB, 100, 4);

        assertThat(leases.get(1).pipeline()).isNotEqualTo(leases.get(0).pipeline());
        assertThat(leases.get(2).pipeline()).isEqualTo(leases.get(0).pipeline());
        assertThat(leases.get(3).pipeline()).isEqualTo(leases.get(1).pipeline());
        assertThat(leases).extracting(BlockLease::ids, BlockLease::bytes).containsOnly(tuple(100, MB));
        List<Long> firstIds =
                leases.stream().map(BlockLease::firstLocalId).sorted().toList();
        for (int i = 1; i < firstIds.size(); i++) {
            assertThat(firstIds.get(i))
                    .as("runs of ids do not overlap")
                    .isGreaterThanOrEqualTo(firstIds.get(i - 1) + 100);
        }
        long leased = leases.get(3).containerId();
        assertThat(leases.get(1).containerId()).isEqualTo(leased);
        assertThat(byId(scm.containers().containers()).get(leased).allocatedBytes())
                .isEqualTo(2 * MB);

        scm.blocks().release(leased, MB);
        assertThat(byId(scm.containers().containers()).get(leased).allocatedBytes())
                .isEqualTo(MB);
        scm.blocks().release(leased, 2 * MB);
        assertThat(byId(scm.containers().containers()).get(leased).allocatedBytes())
                .as("never below zero")
                .isZero();
    }

    @Test
    void leasesTakeAtMostABlockAndLeasesWithoutBytesOrIdsAreRefused() {
        StorageContainerManager scm = openCluster(Map.of("ozone.scm.block.size", "1MB"));

        assertThat(scm.blocks().lease(16 * MB, 10, 1)).singleElement().satisfies(lease -> assertThat(lease.bytes())
                .isEqualTo(MB));
        assertThatThrownBy(() -> scm.blocks().lease(0, 1, 1))
                .isInstanceOfSatisfying(
                        ScmException.class, e -> assertThat(e.code()).isEqualTo(ScmErrorCode.INVALID_REQUEST));
        assertThatThrownBy(() -> scm.blocks().lease(MB, 0, 1)).isInstanceOf(ScmException.class);
        assertThatThrownBy(() -> scm.blocks().lease(MB, 1, BlockManager.MAX_LEASES + 1))
                .isInstanceOf(ScmException.class);
    }

    @Test
    void containerClosesWhenItsReplicasReportItNearlyFull() {
        StorageContainerManager scm = openCluster(Map.of(
                "ozone.scm.datanode.pipeline.limit", "1",
                "ozone.scm.pipeline.owner.container.count", "1",
                "ozone.scm.container.size", "10MB",
                "ozone.scm.block.size", "1MB"));
        AllocatedBlock block = scm.blocks().allocate(MB, 1, ExcludeList.none()).get(0);
        Pipeline pipeline = block.pipeline();
        long container = block.containerId();

        report(scm, pipeline.memberIds().get(1), container, ContainerState.OPEN, 8 * MB);
        assertThat(byId(scm.containers().containers()).get(container).state()).isEqualTo(ContainerState.OPEN);

        report(scm, pipeline.memberIds().get(1), container, ContainerState.OPEN, 9 * MB);
        assertThat(byId(scm.containers().containers()).get(container).state()).isEqualTo(ContainerState.CLOSING);
        assertThat(fixture.heartbeat(pipeline.memberIds().get(0)))
                .filteredOn(c -> c instanceof DatanodeCommand.CloseContainer close
                        && close.containerId() == container
                        && !close.force())
                .hasSize(1);

        report(scm, pipeline.memberIds().get(1), container, ContainerState.CLOSED, 9 * MB);
        assertThat(byId(scm.containers().containers()).get(container).state()).isEqualTo(ContainerState.CLOSED);
    }

    @Test
    void unhealthyReplicaClosesTheContainerWhichIsUnhealthyUntilAHealthyReplicaReports() {
        StorageContainerManager scm = openCluster(
                Map.of("ozone.scm.datanode.pipeline.limit", "1", "ozone.scm.pipeline.owner.container.count", "1"));
        AllocatedBlock block = scm.blocks().allocate(MB, 1, ExcludeList.none()).get(0);
        List<String> members = block.pipeline().memberIds();
        long container = block.containerId();

        report(scm, members.get(1), container, ContainerState.UNHEALTHY, MB);

        assertThat(byId(scm.containers().containers()).get(container).state()).isEqualTo(ContainerState.UNHEALTHY);
        assertThat(fixture.heartbeat(members.get(0)))
                .filteredOn(c -> c instanceof DatanodeCommand.CloseContainer close
                        && close.containerId() == container
                        && !close.force())
                .hasSize(1);
        assertThat(scm.blocks().allocate(MB, 1, ExcludeList.none()).get(0).containerId())
                .isNotEqualTo(container);

        report(scm, members.get(0), container, ContainerState.CLOSED, MB);

        assertThat(byId(scm.containers().containers()).get(container).state()).isEqualTo(ContainerState.CLOSED);
        assertThat(scm.containers().replicaStates(container))
                .containsOnly(
                        Map.entry(members.get(0), ContainerState.CLOSED),
                        Map.entry(members.get(1), ContainerState.UNHEALTHY));
    }

    @Test
    void deletedReplicaIsNoLongerAReplica() {
        StorageContainerManager scm = openCluster(Map.of("ozone.scm.datanode.pipeline.limit", "1"));
        AllocatedBlock block = scm.blocks().allocate(MB, 1, ExcludeList.none()).get(0);
        String member = block.pipeline().memberIds().get(0);
        report(scm, member, block.containerId(), ContainerState.OPEN, MB);
        assertThat(scm.containers().reportedReplicas(block.containerId())).containsExactly(member);

        report(scm, member, block.containerId(), ContainerState.DELETED, 0);

        assertThat(scm.containers().reportedReplicas(block.containerId())).isEmpty();
    }

    private static void report(
            StorageContainerManager scm, String datanode, long container, ContainerState state, long used) {
        scm.heartbeat(
                datanode,
                Optional.empty(),
                List.of(),
                Optional.of(List.of(new ContainerReplicaReport(container, state, used, 4, 1))),
                List.of());
    }

    @Test
    void containersOfClosedPipelineCloseWithForce() {
        StorageContainerManager scm = openCluster(Map.of("ozone.scm.datanode.pipeline.limit", "1"));
        Pipeline pipeline = scm.pipelines().openPipelines().get(0);
        var unused = scm.blocks().allocate(1024, 3, ExcludeList.none());

        scm.pipelines().closePipeline(pipeline.id(), "test");

        List<ContainerInfo> onPipeline = scm.containers().containers().stream()
                .filter(c -> c.pipelineId().equals(pipeline.id()))
                .toList();
        assertThat(onPipeline).isNotEmpty().allSatisfy(c -> assertThat(c.state())
                .isEqualTo(ContainerState.CLOSING));
        assertThat(fixture.heartbeat(pipeline.memberIds().get(2)))
                .filteredOn(c -> c instanceof DatanodeCommand.CloseContainer close && close.force())
                .hasSize(onPipeline.size());
    }

    private static Map<Long, ContainerInfo> byId(List<ContainerInfo> containers) {
        return containers.stream().collect(Collectors.toMap(ContainerInfo::id, Function.identity()));
    }
}
