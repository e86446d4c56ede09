package dev.o3.scm.pipeline;

/** Reacts to pipelines opening and closing (e.g. containers on them); called outside pipeline manager locks. */
public interface PipelineEventListener {
    void onOpened(Pipeline pipeline);

    void onClosed(Pipeline pipeline);
}
