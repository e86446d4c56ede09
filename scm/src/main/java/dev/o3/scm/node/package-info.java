/**
 * Datanodes as SCM tracks them: registration, heartbeats and health (HEALTHY, STALE, DEAD); entry class
 * {@link dev.o3.scm.node.NodeManager}.
 */
package dev.o3.scm.node;
