/**
 * The datanode's chunk write path below Ratis: block files and the volume's RocksDB on a temporary directory,
 * {@link dev.o3.benchmarks.datanode.ChunkWriteBenchmark}.
 */
package dev.o3.benchmarks.datanode;
