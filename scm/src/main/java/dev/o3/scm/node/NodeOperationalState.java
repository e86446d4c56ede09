package dev.o3.scm.node;

/**
 * Operational states of a datanode, as in Apache Ozone: IN_SERVICE -> DECOMMISSIONING -> DECOMMISSIONED, and
 * IN_SERVICE -> ENTERING_MAINTENANCE -> IN_MAINTENANCE; {@code recommission} returns a node to IN_SERVICE.
 */
public enum NodeOperationalState {
    IN_SERVICE,
    DECOMMISSIONING,
    DECOMMISSIONED,
    ENTERING_MAINTENANCE,
    IN_MAINTENANCE;

    /** Whether replicas on a node in this state are on their way out and need copies elsewhere. */
    public boolean isDecommission() {
        return this == DECOMMISSIONING || this == DECOMMISSIONED;
    }

    /** Whether a node in this state is expected back with its replicas. */
    public boolean isMaintenance() {
        return this == ENTERING_MAINTENANCE || this == IN_MAINTENANCE;
    }
}
