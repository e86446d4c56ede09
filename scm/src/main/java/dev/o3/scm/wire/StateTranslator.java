package dev.o3.scm.wire;

import dev.o3.proto.hdds.PipelineState;
import dev.o3.proto.scm.DatanodeOperationalState;
import dev.o3.proto.scm.NodeOperationalState;
import dev.o3.proto.scm.NodeState;
import dev.o3.scm.container.ContainerState;
import dev.o3.scm.node.OperationalState;
import java.time.Instant;
import java.util.Optional;

/**
 * The one mapping of each state enum between SCM's domain and the wire, exhaustive in both directions: a wire value
 * without a domain counterpart (unset, unrecognized from a newer peer, or one SCM never tracks such as {@code
 * PIPELINE_DORMANT}) throws {@link UnknownWireValueException} naming it, never a default. Stateless.
 */
public final class StateTranslator {
    private StateTranslator() {}

    public static NodeState toProto(dev.o3.scm.node.NodeState state) {
        return switch (state) {
            case HEALTHY -> NodeState.HEALTHY;
            case STALE -> NodeState.STALE;
            case DEAD -> NodeState.DEAD;
        };
    }

    public static PipelineState toProto(dev.o3.scm.pipeline.PipelineState state) {
        return switch (state) {
            case ALLOCATED -> PipelineState.PIPELINE_ALLOCATED;
            case OPEN -> PipelineState.PIPELINE_OPEN;
            case CLOSED -> PipelineState.PIPELINE_CLOSED;
        };
    }

    /**
     * The domain state of a wire pipeline state.
     *
     * @param number the field's number, which names an unrecognized value
     * @throws UnknownWireValueException for a state SCM does not track ({@code PIPELINE_DORMANT}) or does not know
     */
    public static dev.o3.scm.pipeline.PipelineState fromProto(PipelineState state, int number) {
        return switch (state) {
            case PIPELINE_ALLOCATED -> dev.o3.scm.pipeline.PipelineState.ALLOCATED;
            case PIPELINE_OPEN -> dev.o3.scm.pipeline.PipelineState.OPEN;
            case PIPELINE_CLOSED -> dev.o3.scm.pipeline.PipelineState.CLOSED;
            case PIPELINE_STATE_UNSPECIFIED, PIPELINE_DORMANT, UNRECOGNIZED -> throw new UnknownWireValueException(
                    "pipeline state", state, number);
        };
    }

    public static dev.o3.proto.hdds.ContainerState toProto(ContainerState state) {
        return switch (state) {
            case OPEN -> dev.o3.proto.hdds.ContainerState.CONTAINER_OPEN;
            case CLOSING -> dev.o3.proto.hdds.ContainerState.CONTAINER_CLOSING;
            case QUASI_CLOSED -> dev.o3.proto.hdds.ContainerState.CONTAINER_QUASI_CLOSED;
            case CLOSED -> dev.o3.proto.hdds.ContainerState.CONTAINER_CLOSED;
            case UNHEALTHY -> dev.o3.proto.hdds.ContainerState.CONTAINER_UNHEALTHY;
            case DELETED -> dev.o3.proto.hdds.ContainerState.CONTAINER_DELETED;
        };
    }

    /**
     * The domain state of a wire container state.
     *
     * @param number the field's number, which names an unrecognized value
     * @throws UnknownWireValueException for an unset or unknown state
     */
    public static ContainerState fromProto(dev.o3.proto.hdds.ContainerState state, int number) {
        return switch (state) {
            case CONTAINER_OPEN -> ContainerState.OPEN;
            case CONTAINER_CLOSING -> ContainerState.CLOSING;
            case CONTAINER_QUASI_CLOSED -> ContainerState.QUASI_CLOSED;
            case CONTAINER_CLOSED -> ContainerState.CLOSED;
            case CONTAINER_UNHEALTHY -> ContainerState.UNHEALTHY;
            case CONTAINER_DELETED -> ContainerState.DELETED;
            case CONTAINER_STATE_UNSPECIFIED, UNRECOGNIZED -> throw new UnknownWireValueException(
                    "container state", state, number);
        };
    }

    public static NodeOperationalState toProto(dev.o3.scm.node.NodeOperationalState state) {
        return switch (state) {
            case IN_SERVICE -> NodeOperationalState.IN_SERVICE;
            case DECOMMISSIONING -> NodeOperationalState.DECOMMISSIONING;
            case DECOMMISSIONED -> NodeOperationalState.DECOMMISSIONED;
            case ENTERING_MAINTENANCE -> NodeOperationalState.ENTERING_MAINTENANCE;
            case IN_MAINTENANCE -> NodeOperationalState.IN_MAINTENANCE;
        };
    }

    /**
     * The domain operational state of a wire one.
     *
     * @param number the field's number, which names an unrecognized value
     * @throws UnknownWireValueException for an unset or unknown state
     */
    public static dev.o3.scm.node.NodeOperationalState fromProto(NodeOperationalState state, int number) {
        return switch (state) {
            case IN_SERVICE -> dev.o3.scm.node.NodeOperationalState.IN_SERVICE;
            case DECOMMISSIONING -> dev.o3.scm.node.NodeOperationalState.DECOMMISSIONING;
            case DECOMMISSIONED -> dev.o3.scm.node.NodeOperationalState.DECOMMISSIONED;
            case ENTERING_MAINTENANCE -> dev.o3.scm.node.NodeOperationalState.ENTERING_MAINTENANCE;
            case IN_MAINTENANCE -> dev.o3.scm.node.NodeOperationalState.IN_MAINTENANCE;
            case NODE_OPERATIONAL_STATE_UNSPECIFIED, UNRECOGNIZED -> throw new UnknownWireValueException(
                    "operational state", state, number);
        };
    }

    /** An operational state; a maintenance end is sent as epoch millis (0 = none). */
    public static DatanodeOperationalState toProto(OperationalState operational) {
        return DatanodeOperationalState.newBuilder()
                .setState(toProto(operational.state()))
                .setMaintenanceEndMillis(
                        operational.maintenanceEnd().map(Instant::toEpochMilli).orElse(0L))
                .build();
    }

    /**
     * The operational state of its wire form.
     *
     * @throws UnknownWireValueException for an unset or unknown state
     */
    public static OperationalState fromProto(DatanodeOperationalState operational) {
        return new OperationalState(
                fromProto(operational.getState(), operational.getStateValue()),
                operational.getMaintenanceEndMillis() == 0
                        ? Optional.empty()
                        : Optional.of(Instant.ofEpochMilli(operational.getMaintenanceEndMillis())));
    }
}
