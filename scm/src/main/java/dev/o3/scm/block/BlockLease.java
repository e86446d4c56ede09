package dev.o3.scm.block;

import dev.o3.scm.pipeline.Pipeline;
import java.util.Objects;

/**
 * A run of block ids in one open container with a byte budget, which the leader OM hands out to small keys itself
 * ({@link BlockManager#lease}).
 *
 * @param containerId the container every block of the lease goes to
 * @param firstLocalId the first of its block ids, unique cluster-wide like every allocated one
 * @param ids how many consecutive block ids from {@code firstLocalId} the lease holds
 * @param bytes what the lease's blocks may take together, counted as allocated in the container
 * @param pipeline the container's open pipeline
 */
public record BlockLease(long containerId, long firstLocalId, int ids, long bytes, Pipeline pipeline) {
    public BlockLease {
        Objects.requireNonNull(pipeline, "pipeline is null");
    }
}
