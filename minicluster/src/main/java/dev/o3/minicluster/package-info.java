/**
 * {@link dev.o3.minicluster.MiniO3Cluster}: SCM, OMs and datanodes of one cluster in one JVM on loopback ephemeral
 * ports, each node with its own directories, configuration and rack, for integration tests.
 */
package dev.o3.minicluster;
