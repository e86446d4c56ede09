package dev.o3.scm.replication;

/**
 * A closed container's replication health as the replication manager's last scan saw it (what
 * {@code ozone admin container report} counts). Open and closing containers are not assessed.
 */
public enum ContainerHealth {
    /** Three healthy replicas, on two racks when the topology has two. */
    HEALTHY,
    /** Fewer than three healthy replicas on live in-service or maintenance nodes. */
    UNDER_REPLICATED,
    /** Three healthy replicas, all on one rack although the topology has more. */
    MIS_REPLICATED,
    /** More than three healthy replicas. */
    OVER_REPLICATED,
    /** No replica on a live node. */
    MISSING,
    /** A replica is UNHEALTHY (a scanner found it corrupt), or only UNHEALTHY replicas are left. */
    UNHEALTHY,
    /** Replicas of a quasi-closed container disagree: some have a lower BCSID than the best and may miss writes. */
    QUASI_CLOSED_STALE,
    /** A closed container that never held a block: its replicas are deleted, then the container is DELETED. */
    EMPTY
}
