/**
 * The datanode's Multi-Raft server: {@link dev.o3.datanode.ratis.RatisServer} hosts a Raft group per pipeline, each
 * with a container state machine that keeps chunk data out of the Raft log. The only datanode package that touches
 * Ratis' shaded protobuf.
 */
package dev.o3.datanode.ratis;
