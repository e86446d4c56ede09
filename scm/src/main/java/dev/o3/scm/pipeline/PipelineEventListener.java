package dev.o3.scm.pipeline;

/**
 * The container side of pipelines: reacts to pipelines closing (their containers close too) and tells whether a
 * pipeline holds data. Called under the pipeline manager's lock; never calls back into it.
 */
public interface PipelineEventListener {
    void onClosed(Pipeline pipeline);

    /**
     * Whether a block was ever allocated on the pipeline (or a replica reported data on it). Only pipelines that hold
     * no data may be closed to re-form them.
     */
    boolean holdsData(Pipeline pipeline);
}
