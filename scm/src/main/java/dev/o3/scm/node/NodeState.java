package dev.o3.scm.node;

/** Health of a datanode, derived from the time since its last heartbeat. */
public enum NodeState {
    HEALTHY,
    STALE,
    DEAD
}
