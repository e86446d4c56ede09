/**
 * Container replication between datanodes: the Netty service a destination pulls a closed container from ({@link
 * dev.o3.datanode.replication.ReplicationServer}), the download, check and import on the destination ({@link
 * dev.o3.datanode.replication.ReplicationSupervisor}) and the deletion of a replica SCM no longer wants ({@link
 * dev.o3.datanode.replication.ContainerRemover}). Both ends pace the stream by the receiver's disk: see
 * docs/internals.md "Container replication".
 */
package dev.o3.datanode.replication;
