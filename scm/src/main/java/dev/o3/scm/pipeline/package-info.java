/**
 * RATIS/THREE pipelines: lifecycle (ALLOCATED, OPEN, CLOSED), datanode reports and background creation; entry class
 * {@link dev.o3.scm.pipeline.PipelineManager}.
 */
package dev.o3.scm.pipeline;
