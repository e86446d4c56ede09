package dev.o3.datanode.container;

/**
 * Lifecycle of a container replica on this datanode: OPEN -> CLOSING -> CLOSED, or QUASI_CLOSED when its pipeline
 * was lost before a quorum closed it; UNHEALTHY when the scanner or a read found corrupt data, or a write its pipeline
 * took did not reach its disk (out of space). Only OPEN and CLOSING accept writes (ordered by Ratis); the others are
 * immutable.
 */
public enum ReplicaState {
    OPEN,
    CLOSING,
    QUASI_CLOSED,
    CLOSED,
    UNHEALTHY;

    /** Whether writes through the pipeline are still accepted. */
    public boolean isWritable() {
        return this == OPEN || this == CLOSING;
    }
}
