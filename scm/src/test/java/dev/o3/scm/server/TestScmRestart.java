package dev.o3.scm.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.o3.scm.block.AllocatedBlock;
import dev.o3.scm.block.ExcludeList;
import dev.o3.scm.container.ContainerInfo;
import dev.o3.scm.container.ContainerReplicaReport;
import dev.o3.scm.container.ContainerState;
import dev.o3.scm.error.ScmException;
import dev.o3.scm.pipeline.Pipeline;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TestScmRestart {
    @TempDir
    Path directory;

    private ScmFixture fixture;

    @AfterEach
    void close() {
        fixture.close();
    }

    @Test
    void stateSurvivesRestartAndSafeModeWaitsForDatanodes() {
        fixture = new ScmFixture(
                directory,
                Map.of(
                        "ozone.scm.datanode.pipeline.limit", "2",
                        "hdds.scm.safemode.min.datanode", "3",
                        "ozone.scm.pipeline.owner.container.count", "1"));
        StorageContainerManager scm = fixture.open();
        fixture.registerAll(3);
        fixture.openAllPipelines();
        List<AllocatedBlock> before = scm.blocks().allocate(1024, 5, ExcludeList.none());
        List<Pipeline> pipelines = scm.pipelines().pipelines();
        List<ContainerInfo> containers = scm.containers().containers();

        scm = fixture.restart();

        assertThat(scm.safeMode().inSafeMode()).isTrue();
        assertThat(scm.pipelines().pipelines())
                .extracting(Pipeline::id, Pipeline::state, Pipeline::memberIds, Pipeline::suggestedLeaderId)
                .containsExactlyInAnyOrderElementsOf(pipelines.stream()
                        .map(p -> org.assertj.core.groups.Tuple.tuple(
                                p.id(), p.state(), p.memberIds(), p.suggestedLeaderId()))
                        .toList());
        assertThat(scm.containers().containers()).containsExactlyElementsOf(containers);
        StorageContainerManager restarted = scm;
        assertThatThrownBy(() -> restarted.blocks().allocate(1024, 1, ExcludeList.none()))
                .isInstanceOf(ScmException.class);

        fixture.registerAll(2);
        assertThat(scm.safeMode().inSafeMode()).isTrue();
        fixture.register("dn2");
        assertThat(scm.safeMode().inSafeMode()).isFalse();
        // Pipelines were full before the restart: nothing new is created.
        assertThat(scm.pipelines().pipelines()).hasSize(pipelines.size());

        List<AllocatedBlock> after = scm.blocks().allocate(1024, 5, ExcludeList.none());
        long lastBefore = before.stream()
                .map(AllocatedBlock::localId)
                .max(Comparator.naturalOrder())
                .orElseThrow();
        assertThat(after).allSatisfy(block -> assertThat(block.localId()).isGreaterThan(lastBefore));
        assertThat(scm.containers().containers()).hasSameSizeAs(containers);
    }

    @Test
    void pipelinesWithoutDataAreKeptWhileTheirMembersRegisterAfterRestart() {
        fixture = new ScmFixture(directory, Map.of("ozone.scm.datanode.pipeline.limit", "3"));
        IntStream.range(0, 6).forEach(i -> fixture.rack("dn" + i, "/rack" + (i % 2)));
        fixture.open();
        fixture.registerAll(6);
        fixture.openAllPipelines();
        Set<String> ids = pipelineIds(fixture.scm());
        assertThat(ids).hasSize(6);

        StorageContainerManager scm = fixture.restart();
        for (int i = 0; i < 6; i++) {
            fixture.register("dn" + i);
            assertThat(pipelineIds(scm))
                    .as("pipelines after dn%d registered again", i)
                    .isEqualTo(ids);
        }

        assertThat(scm.metrics().pipelinesReformed()).isZero();
    }

    private static Set<String> pipelineIds(StorageContainerManager scm) {
        return scm.pipelines().pipelines().stream().map(Pipeline::id).collect(Collectors.toSet());
    }

    @Test
    void pipelinesOfNodesThatNeverReturnCloseAfterTheDeadInterval() {
        fixture = new ScmFixture(
                directory, Map.of("ozone.scm.datanode.pipeline.limit", "1", "hdds.scm.safemode.min.datanode", "3"));
        IntStream.range(0, 6).forEach(i -> fixture.rack("dn" + i, "/rack" + (i % 2)));
        StorageContainerManager scm = fixture.open();
        fixture.registerAll(6);
        fixture.openAllPipelines();
        assertThat(scm.pipelines().openPipelines()).hasSize(2);
        Pipeline lost = scm.pipelines().openPipelines().get(0);
        Set<String> lostMembers = Set.copyOf(lost.memberIds());
        List<String> returning = IntStream.range(0, 6)
                .mapToObj(i -> "dn" + i)
                .filter(id -> !lostMembers.contains(id))
                .toList();

        scm = fixture.restart();
        returning.forEach(fixture::register);
        scm.checkHealth();
        assertThat(scm.pipelines().pipelines()).hasSize(2);

        fixture.passDeadInterval(returning);

        assertThat(scm.pipelines().pipelines()).singleElement().satisfies(p -> assertThat(p.id())
                .isNotEqualTo(lost.id()));
    }

    /**
     * After a restart SCM knows no replica until each datanode reports again: the first report, of a corrupt copy,
     * is not "every replica" of a closed container (found by the fault-injection campaign, docs/reliability.md).
     */
    @Test
    void closedContainerStaysClosedWhenItsCorruptReplicaReportsFirstAfterRestart() {
        fixture = new ScmFixture(
                directory, Map.of("ozone.scm.datanode.pipeline.limit", "1", "hdds.scm.safemode.min.datanode", "1"));
        StorageContainerManager scm = fixture.open();
        fixture.registerAll(3);
        fixture.openAllPipelines();
        AllocatedBlock block =
                scm.blocks().allocate(1024, 1, ExcludeList.none()).get(0);
        long container = block.containerId();
        List<String> members = block.pipeline().memberIds();
        for (String member : members) {
            fixture.reportContainers(member, List.of(replica(container, ContainerState.CLOSED)), List.of());
        }
        assertThat(state(scm, container)).isEqualTo(ContainerState.CLOSED);

        scm = fixture.restart();
        members.forEach(fixture::register);
        fixture.reportContainers(members.get(0), List.of(replica(container, ContainerState.UNHEALTHY)), List.of());
        assertThat(state(scm, container)).isEqualTo(ContainerState.CLOSED);
        fixture.reportContainers(members.get(1), List.of(replica(container, ContainerState.QUASI_CLOSED)), List.of());

        assertThat(state(scm, container)).isEqualTo(ContainerState.CLOSED);
    }

    private static ContainerReplicaReport replica(long container, ContainerState state) {
        return new ContainerReplicaReport(container, state, 1024, 1, 1);
    }

    private static ContainerState state(StorageContainerManager scm, long container) {
        return scm.containers().containers().stream()
                .filter(c -> c.id() == container)
                .findFirst()
                .orElseThrow()
                .state();
    }
}
