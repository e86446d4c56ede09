/** Datanode metrics for {@code /prom}: {@link dev.o3.datanode.metrics.DatanodeMetrics}. */
package dev.o3.datanode.metrics;
