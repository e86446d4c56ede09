package dev.o3.scm.block;

import dev.o3.scm.pipeline.Pipeline;
import java.util.Objects;

/**
 * A new block: where the client writes it.
 *
 * @param containerId container id
 * @param localId block id, unique cluster-wide
 * @param pipeline the open pipeline of the container
 */
public record AllocatedBlock(long containerId, long localId, Pipeline pipeline) {
    public AllocatedBlock {
        Objects.requireNonNull(pipeline, "pipeline is null");
    }
}
