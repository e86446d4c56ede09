/**
 * Network topology: which rack a host is on, from a Hadoop TableMapping file ({@link
 * dev.o3.scm.topology.RackMapping}).
 */
package dev.o3.scm.topology;
