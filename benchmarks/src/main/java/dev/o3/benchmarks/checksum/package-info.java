/**
 * CRC32C of chunk data as the client computes it and the datanode verifies it, against the JDK's checksums:
 * {@link dev.o3.benchmarks.checksum.ChecksumBenchmark}.
 */
package dev.o3.benchmarks.checksum;
