package dev.o3.scm.container;

/**
 * Container lifecycle as SCM tracks it: OPEN takes blocks, CLOSING waits for its replicas to close, CLOSED (or
 * QUASI_CLOSED, closed without a quorum) is final. UNHEALTHY: every replica SCM heard of was reported unhealthy by
 * its datanode's scanner (no healthy copy known; a closed container needs all three replicas reported so); a replica
 * reported CLOSED later makes the container CLOSED again.
 * DELETED: the replica is gone; a replica reported so is dropped from the container's replicas.
 */
public enum ContainerState {
    OPEN,
    CLOSING,
    QUASI_CLOSED,
    CLOSED,
    UNHEALTHY,
    DELETED
}
