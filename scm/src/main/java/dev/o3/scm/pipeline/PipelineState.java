package dev.o3.scm.pipeline;

/** Pipeline lifecycle: ALLOCATED until every member reports the group, OPEN for writes, CLOSED for good. */
public enum PipelineState {
    ALLOCATED,
    OPEN,
    CLOSED
}
