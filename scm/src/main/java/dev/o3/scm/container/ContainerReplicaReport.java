package dev.o3.scm.container;

/**
 * One replica from a datanode's container report.
 *
 * @param containerId container id
 * @param state replica state
 * @param usedBytes bytes stored
 * @param keyCount blocks stored
 */
public record ContainerReplicaReport(long containerId, ContainerState state, long usedBytes, long keyCount) {}
