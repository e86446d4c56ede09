package dev.o3.scm.pipeline;

import java.util.Objects;

/**
 * A datanode's report that it serves a pipeline's Ratis group.
 *
 * @param pipelineId the group id
 * @param leader whether the reporting node is the group's leader
 * @param logFailed whether the group's Raft log on the reporting node failed (its log dir's disk): the pipeline
 *     cannot go on with this member
 */
public record PipelineReport(String pipelineId, boolean leader, boolean logFailed) {
    public PipelineReport {
        Objects.requireNonNull(pipelineId, "pipelineId is null");
    }
}
