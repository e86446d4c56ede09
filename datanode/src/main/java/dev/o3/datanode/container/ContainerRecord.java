package dev.o3.datanode.container;

import java.util.Objects;

/**
 * What a datanode persists about one container replica (in its volume's RocksDB).
 *
 * @param id container id
 * @param state replica state
 * @param bcsid highest block commit sequence id (Raft log index) applied to this container
 * @param pipelineId pipeline the container was created on
 * @param usedBytes bytes of committed blocks
 * @param blockCount committed blocks
 */
public record ContainerRecord(
        long id, ReplicaState state, long bcsid, String pipelineId, long usedBytes, long blockCount) {
    public ContainerRecord {
        Objects.requireNonNull(state, "state is null");
        Objects.requireNonNull(pipelineId, "pipelineId is null");
    }

    /** A new, empty OPEN container. */
    public static ContainerRecord open(long id, String pipelineId) {
        return new ContainerRecord(id, ReplicaState.OPEN, 0, pipelineId, 0, 0);
    }

    public ContainerRecord withState(ReplicaState newState) {
        return new ContainerRecord(id, newState, bcsid, pipelineId, usedBytes, blockCount);
    }

    /** After a block was committed ({@code addedBlocks} is 0 when it replaced an existing block). */
    public ContainerRecord withBlockCommitted(long newBcsid, long bytesDelta, long addedBlocks) {
        return new ContainerRecord(
                id, state, Math.max(bcsid, newBcsid), pipelineId, usedBytes + bytesDelta, blockCount + addedBlocks);
    }

    /** After a block of {@code bytes} was deleted. */
    public ContainerRecord withBlockDeleted(long bytes) {
        return new ContainerRecord(id, state, bcsid, pipelineId, Math.max(0, usedBytes - bytes), blockCount - 1);
    }
}
