/**
 * The replication manager: keeps three healthy replicas of every closed container, on two racks when the topology
 * has them. {@link dev.o3.scm.replication.ReplicationManager} scans the replicas reported by datanodes, classifies
 * each container ({@link dev.o3.scm.replication.ContainerHealth}), and sends replicate and delete-container commands
 * through the heartbeat responses, tracking each as a {@link dev.o3.scm.replication.PendingOp} until a container
 * report confirms it or its deadline passes.
 */
package dev.o3.scm.replication;
