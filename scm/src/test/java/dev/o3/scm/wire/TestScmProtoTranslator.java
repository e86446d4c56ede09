package dev.o3.scm.wire;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.o3.proto.hdds.DatanodeDetails;
import dev.o3.scm.container.ContainerInfo;
import dev.o3.scm.container.ContainerReplicaReport;
import dev.o3.scm.container.ContainerState;
import dev.o3.scm.node.NodeOperationalState;
import dev.o3.scm.node.OperationalState;
import dev.o3.scm.pipeline.Pipeline;
import dev.o3.scm.pipeline.PipelineState;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class TestScmProtoTranslator {
    @ParameterizedTest
    @EnumSource(NodeOperationalState.class)
    void everyOperationalStateRoundTripsWithItsMaintenanceEnd(NodeOperationalState state) {
        OperationalState withEnd = new OperationalState(state, Optional.of(Instant.parse("2026-01-01T02:00:00Z")));
        OperationalState withoutEnd = new OperationalState(state);

        assertThat(StateTranslator.fromProto(StateTranslator.toProto(withEnd))).isEqualTo(withEnd);
        assertThat(StateTranslator.fromProto(StateTranslator.toProto(withoutEnd)))
                .isEqualTo(withoutEnd);
    }

    @Test
    void aNodeHasRoomWhileOneVolumeIsNeitherFullNorFailed() {
        dev.o3.proto.scm.StorageReport full = dev.o3.proto.scm.StorageReport.newBuilder()
                .setPath("/a")
                .setFull(true)
                .build();
        dev.o3.proto.scm.StorageReport failed = dev.o3.proto.scm.StorageReport.newBuilder()
                .setPath("/b")
                .setFailed(true)
                .build();
        dev.o3.proto.scm.StorageReport writable =
                dev.o3.proto.scm.StorageReport.newBuilder().setPath("/c").build();

        assertThat(ScmProtoTranslator.hasRoom(report(full, failed))).isFalse();
        assertThat(ScmProtoTranslator.hasRoom(report(full, failed, writable))).isTrue();
        assertThat(ScmProtoTranslator.hasRoom(report()))
                .as("a report without volumes says nothing about room")
                .isTrue();
    }

    private static dev.o3.proto.scm.NodeReport report(dev.o3.proto.scm.StorageReport... volumes) {
        return dev.o3.proto.scm.NodeReport.newBuilder()
                .addAllVolumes(Arrays.asList(volumes))
                .build();
    }

    @Test
    void unsetOperationalStateIsAnErrorNamingIt() {
        assertThatThrownBy(() -> StateTranslator.fromProto(dev.o3.proto.scm.DatanodeOperationalState.newBuilder()
                        .setStateValue(42)
                        .build()))
                .isInstanceOf(UnknownWireValueException.class)
                .hasMessage("unknown operational state UNRECOGNIZED (42)");
    }

    @ParameterizedTest
    @EnumSource(
            value = dev.o3.proto.hdds.ContainerState.class,
            mode = EnumSource.Mode.EXCLUDE,
            names = {"CONTAINER_STATE_UNSPECIFIED", "UNRECOGNIZED"})
    void everyWireContainerStateRoundTrips(dev.o3.proto.hdds.ContainerState wire) {
        ContainerState domain = StateTranslator.fromProto(wire, wire.getNumber());

        assertThat(StateTranslator.toProto(domain)).isEqualTo(wire);
    }

    @Test
    void everyDomainContainerStateHasItsOwnWireValue() {
        assertThat(Arrays.stream(ContainerState.values()).map(StateTranslator::toProto))
                .doesNotHaveDuplicates()
                .hasSize(ContainerState.values().length);
    }

    @Test
    void scannerReportOfAnUnhealthyReplicaStaysUnhealthy() {
        List<ContainerReplicaReport> reports =
                ScmProtoTranslator.fromContainerReports(List.of(dev.o3.proto.scm.ContainerReplicaReport.newBuilder()
                        .setContainerId(7)
                        .setState(dev.o3.proto.hdds.ContainerState.CONTAINER_UNHEALTHY)
                        .build()));

        assertThat(reports)
                .singleElement()
                .extracting(ContainerReplicaReport::state)
                .isEqualTo(ContainerState.UNHEALTHY);
    }

    @Test
    void unsetOrUnknownContainerStateIsAnErrorNamingIt() {
        assertThatThrownBy(() -> ScmProtoTranslator.fromContainerReports(
                        List.of(dev.o3.proto.scm.ContainerReplicaReport.newBuilder()
                                .setContainerId(7)
                                .build())))
                .isInstanceOf(UnknownWireValueException.class)
                .hasMessage("unknown container state CONTAINER_STATE_UNSPECIFIED (0)");
        dev.o3.proto.scm.ContainerInfo fromNewerPeer = dev.o3.proto.scm.ContainerInfo.newBuilder()
                .setContainerId(7)
                .setStateValue(42)
                .build();
        assertThatThrownBy(() -> ScmProtoTranslator.fromProto(fromNewerPeer))
                .isInstanceOf(UnknownWireValueException.class)
                .hasMessage("unknown container state UNRECOGNIZED (42)");
    }

    @ParameterizedTest
    @EnumSource(ContainerState.class)
    void storedContainerRoundTrips(ContainerState state) {
        ContainerInfo container = new ContainerInfo(3, "pipeline-1", state, 100, 50, 2);

        assertThat(ScmProtoTranslator.fromProto(ScmProtoTranslator.toProto(container, List.of())))
                .isEqualTo(container);
    }

    @ParameterizedTest
    @EnumSource(
            value = dev.o3.proto.hdds.PipelineState.class,
            mode = EnumSource.Mode.EXCLUDE,
            names = {"PIPELINE_STATE_UNSPECIFIED", "PIPELINE_DORMANT", "UNRECOGNIZED"})
    void everyTrackedWirePipelineStateRoundTrips(dev.o3.proto.hdds.PipelineState wire) {
        assertThat(StateTranslator.toProto(StateTranslator.fromProto(wire, wire.getNumber())))
                .isEqualTo(wire);
    }

    @ParameterizedTest
    @EnumSource(
            value = dev.o3.proto.hdds.PipelineState.class,
            names = {"PIPELINE_STATE_UNSPECIFIED", "PIPELINE_DORMANT"})
    void pipelineStatesScmDoesNotTrackAreErrors(dev.o3.proto.hdds.PipelineState wire) {
        assertThatThrownBy(() -> StateTranslator.fromProto(wire, wire.getNumber()))
                .isInstanceOf(UnknownWireValueException.class)
                .hasMessageContaining(wire.name());
    }

    @ParameterizedTest
    @EnumSource(PipelineState.class)
    void storedPipelineKeepsItsSuggestedLeaderWhenAnotherMemberLeads(PipelineState state) {
        Pipeline pipeline =
                new Pipeline("p1", List.of("dn0", "dn1", "dn2"), "dn1", state, Optional.of("dn2"), Set.of("dn2"), 1234);

        dev.o3.proto.hdds.Pipeline stored = ScmProtoTranslator.toProto(pipeline, ScmProtoTranslator::uuidOnly);
        Pipeline loaded = ScmProtoTranslator.fromProto(stored);

        assertThat(stored.getLeaderId()).isEqualTo("dn2");
        assertThat(stored.getMembersList()).extracting(DatanodeDetails::getUuid).containsExactly("dn0", "dn1", "dn2");
        assertThat(loaded)
                .isEqualTo(new Pipeline(
                        "p1", List.of("dn0", "dn1", "dn2"), "dn1", state, Optional.empty(), Set.of(), 1234));
    }

    @ParameterizedTest
    @EnumSource(dev.o3.scm.node.NodeState.class)
    void nodeStatesKeepTheirNames(dev.o3.scm.node.NodeState state) {
        assertThat(StateTranslator.toProto(state).name()).isEqualTo(state.name());
    }
}
