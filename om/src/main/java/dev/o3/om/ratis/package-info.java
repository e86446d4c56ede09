/**
 * OM's Ratis adapter: the Raft group ({@link dev.o3.om.ratis.OmRatisServer}), the state machine and its
 * RocksDB-checkpoint snapshots. The only package that touches Ratis' shaded classes.
 */
package dev.o3.om.ratis;
