package dev.o3.scm.pipeline.placement;

import java.util.Objects;

/**
 * A healthy datanode as placement sees it.
 *
 * @param id datanode uuid
 * @param rack network location, e.g. {@code /rack1}
 * @param pipelineCount non-closed RATIS/THREE pipelines the node is already in
 * @param leaderCount non-closed pipelines the node is the suggested leader of
 * @param limit pipelines the node may join in total
 */
public record PlacementNode(String id, String rack, int pipelineCount, int leaderCount, int limit) {
    public PlacementNode {
        Objects.requireNonNull(id, "id is null");
        Objects.requireNonNull(rack, "rack is null");
        if (pipelineCount < 0 || leaderCount < 0 || limit < 0) {
            throw new IllegalArgumentException("negative count for " + id + ": pipelines=" + pipelineCount
                    + ", leaders=" + leaderCount + ", limit=" + limit);
        }
    }

    int remaining() {
        return Math.max(0, limit - pipelineCount);
    }
}
