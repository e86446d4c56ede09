package dev.o3.scm.pipeline.placement;

import java.util.List;

/**
 * What one placement round decided.
 *
 * @param pipelines new pipelines, in creation order
 * @param rackFallbacks how many of them could not follow the 2+1 rack rule (one rack, or racks too unequal)
 */
public record PlacementResult(List<PlacedPipeline> pipelines, int rackFallbacks) {
    public PlacementResult {
        pipelines = List.copyOf(pipelines);
    }

    public static PlacementResult empty() {
        return new PlacementResult(List.of(), 0);
    }
}
