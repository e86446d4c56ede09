package dev.o3.scm.node;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * What an operator asked of a datanode, apart from its health: in service, being decommissioned or in maintenance.
 * Health ({@link NodeState}) says whether the node answers; this says whether its replicas are meant to stay.
 *
 * @param state the operational state
 * @param maintenanceEnd when maintenance ends by itself; empty outside maintenance or when it has no end
 */
public record OperationalState(NodeOperationalState state, Optional<Instant> maintenanceEnd) {
    public static final OperationalState IN_SERVICE = new OperationalState(NodeOperationalState.IN_SERVICE);

    public OperationalState {
        Objects.requireNonNull(state, "state is null");
        Objects.requireNonNull(maintenanceEnd, "maintenanceEnd is null");
    }

    public OperationalState(NodeOperationalState state) {
        this(state, Optional.empty());
    }
}
