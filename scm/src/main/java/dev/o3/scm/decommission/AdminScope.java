package dev.o3.scm.decommission;

import dev.o3.scm.container.ContainerManager;
import dev.o3.scm.node.NodeManager;
import dev.o3.scm.pipeline.PipelineManager;
import dev.o3.scm.state.ScmStateStore;
import java.util.Objects;

/**
 * The SCM managers the admin monitor reads and changes.
 *
 * @param nodes operational states and health
 * @param pipelines closed when a node leaves
 * @param containers replicas per container
 * @param store where operational states are kept across restarts
 */
public record AdminScope(
        NodeManager nodes, PipelineManager pipelines, ContainerManager containers, ScmStateStore store) {
    public AdminScope {
        Objects.requireNonNull(nodes, "nodes is null");
        Objects.requireNonNull(pipelines, "pipelines is null");
        Objects.requireNonNull(containers, "containers is null");
        Objects.requireNonNull(store, "store is null");
    }
}
