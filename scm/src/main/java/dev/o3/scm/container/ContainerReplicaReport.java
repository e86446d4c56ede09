package dev.o3.scm.container;

/**
 * One replica from a datanode's container report.
 *
 * @param containerId container id
 * @param state replica state
 * @param usedBytes bytes stored
 * @param keyCount blocks stored
 * @param bcsid block commit sequence id: the last Ratis log index applied to the replica
 */
public record ContainerReplicaReport(
        long containerId, ContainerState state, long usedBytes, long keyCount, long bcsid) {}
