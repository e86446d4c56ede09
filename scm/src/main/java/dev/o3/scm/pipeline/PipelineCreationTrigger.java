package dev.o3.scm.pipeline;

/**
 * Asks for a pipeline creation round. SCM runs rounds in the background; tests inject a trigger that runs the round
 * at once on the calling thread, so they need no sleeps.
 */
@FunctionalInterface
public interface PipelineCreationTrigger {
    void trigger();
}
