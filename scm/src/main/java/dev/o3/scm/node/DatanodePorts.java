package dev.o3.scm.node;

/**
 * The ports a datanode serves on.
 *
 * @param ratis Ratis server (pipelines)
 * @param standalone read service
 * @param replication container replication
 * @param http status server
 */
public record DatanodePorts(int ratis, int standalone, int replication, int http) {}
