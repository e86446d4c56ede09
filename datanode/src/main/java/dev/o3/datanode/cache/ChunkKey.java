package dev.o3.datanode.cache;

import dev.o3.proto.container.BlockData;
import dev.o3.proto.hdds.ChunkInfo;

/**
 * One committed chunk of one version of a block: the unit the cache admits and serves. The block's BCSID is part of
 * the key, so data committed later under the same block id is a different entry.
 *
 * @param containerId container of the block
 * @param localId block id within the container
 * @param bcsid the block's commit sequence id
 * @param chunkOffset the chunk's offset in the block
 */
public record ChunkKey(long containerId, long localId, long bcsid, long chunkOffset) {
    /** The key of a chunk of a committed block. */
    public static ChunkKey of(long containerId, BlockData block, ChunkInfo chunk) {
        return new ChunkKey(
                containerId,
                block.getBlockId().getLocalId(),
                block.getBlockId().getBlockCommitSequenceId(),
                chunk.getOffset());
    }

    /** The {@code index}-th page of this chunk. */
    PageKey page(int index) {
        return new PageKey(this, index);
    }
}
