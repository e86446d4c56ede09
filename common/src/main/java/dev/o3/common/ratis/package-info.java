/**
 * Client side of the container protocol over Ratis: {@link dev.o3.common.ratis.ContainerRatisClient} sends commands
 * to a pipeline's Raft group, {@link dev.o3.common.ratis.RatisPipelines} maps pipelines to Raft groups and peers, and
 * {@link dev.o3.common.ratis.ContainerMessages} frames requests without copying chunk data. The only common package
 * that touches Ratis' shaded protobuf. {@link dev.o3.common.ratis.RatisMetricRegistries} is the process's one Ratis
 * metrics backend (client and servers).
 */
package dev.o3.common.ratis;
