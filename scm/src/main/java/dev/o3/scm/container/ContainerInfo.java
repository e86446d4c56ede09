package dev.o3.scm.container;

import java.util.Objects;

/**
 * A container as SCM keeps it.
 *
 * @param id container id (persisted sequence)
 * @param pipelineId the pipeline it was created on
 * @param state lifecycle state
 * @param allocatedBytes bytes of blocks SCM handed out in it; it takes no new blocks once they reach the container size
 * @param usedBytes bytes its replicas last reported
 * @param keyCount blocks its replicas last reported
 */
public record ContainerInfo(
        long id, String pipelineId, ContainerState state, long allocatedBytes, long usedBytes, long keyCount) {
    public ContainerInfo {
        Objects.requireNonNull(pipelineId, "pipelineId is null");
        Objects.requireNonNull(state, "state is null");
    }

    public static ContainerInfo open(long id, String pipelineId) {
        return new ContainerInfo(id, pipelineId, ContainerState.OPEN, 0, 0, 0);
    }

    public ContainerInfo withState(ContainerState newState) {
        return new ContainerInfo(id, pipelineId, newState, allocatedBytes, usedBytes, keyCount);
    }

    public ContainerInfo withAllocated(long bytes) {
        return new ContainerInfo(id, pipelineId, state, allocatedBytes + bytes, usedBytes, keyCount);
    }

    public ContainerInfo withUsage(long newUsedBytes, long newKeyCount) {
        return new ContainerInfo(id, pipelineId, state, allocatedBytes, newUsedBytes, newKeyCount);
    }

    public boolean isOpen() {
        return state == ContainerState.OPEN;
    }
}
