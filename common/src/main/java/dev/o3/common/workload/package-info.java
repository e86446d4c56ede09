/** Synthetic workloads shared by the load generators and the simulators. */
package dev.o3.common.workload;
