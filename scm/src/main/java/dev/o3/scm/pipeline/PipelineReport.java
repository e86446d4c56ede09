package dev.o3.scm.pipeline;

import java.util.Objects;

/**
 * A datanode's report that it serves a pipeline's Ratis group.
 *
 * @param pipelineId the group id
 * @param leader whether the reporting node is the group's leader
 */
public record PipelineReport(String pipelineId, boolean leader) {
    public PipelineReport {
        Objects.requireNonNull(pipelineId, "pipelineId is null");
    }
}
