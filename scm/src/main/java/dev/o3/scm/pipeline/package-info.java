/**
 * RATIS/THREE pipelines: lifecycle (ALLOCATED, OPEN, CLOSED), datanode reports and background creation; entry class
 * {@link dev.o3.scm.pipeline.PipelineManager}. Creation rounds wait until datanode registrations settle, and a round
 * that leaves a datanode with free slots re-forms pipelines that hold no data yet, so the cluster converges to
 * floor(M x N / 3) pipelines whatever the order in which datanodes arrive (see PipelineManager's "Re-forming").
 */
package dev.o3.scm.pipeline;
