package dev.o3.scm.pipeline.placement;

import java.util.List;
import java.util.Objects;

/**
 * One new pipeline decided by placement.
 *
 * @param memberIds the three datanode uuids
 * @param leaderId the member SCM suggests as leader (highest Ratis priority)
 * @param rackAware whether the members span exactly two racks (2+1)
 */
public record PlacedPipeline(List<String> memberIds, String leaderId, boolean rackAware) {
    public PlacedPipeline {
        memberIds = List.copyOf(memberIds);
        Objects.requireNonNull(leaderId, "leaderId is null");
        if (!memberIds.contains(leaderId)) {
            throw new IllegalArgumentException("leader " + leaderId + " is not a member of " + memberIds);
        }
    }
}
