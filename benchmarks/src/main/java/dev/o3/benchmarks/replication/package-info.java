/**
 * The container replication benchmark (issue 23): a generated container copied between two datanode storage
 * directories over the replication service, beside the source's read rate, the destination disk's write rate, the
 * loopback limit and a gRPC stream of the same bytes, with CPU time and peak direct memory of each. Run it with
 * {@code benchmarks/container-replication.sh}.
 */
package dev.o3.benchmarks.replication;
