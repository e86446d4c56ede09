package dev.o3.datanode.read;

import dev.o3.proto.container.BlockData;
import dev.o3.proto.hdds.ChunkInfo;
import java.util.ArrayList;
import java.util.List;

/**
 * The bytes of a block that a GetBlock asks to receive with the block's metadata, so that the first read of a block
 * costs one round trip. The data goes out as whole chunks, because the client verifies every byte against its
 * chunk's checksums, and at most {@link #DATA_MAX} of it, so that a big read's first GetBlock holds no more memory
 * than the ReadChunk it replaces.
 *
 * @param offset first byte in the block
 * @param length bytes from {@code offset}; 0 asks for no data
 */
record ReadRange(long offset, long length) {
    /** Chunk data one GetBlock carries at most. */
    static final long DATA_MAX = 4L << 20;

    ReadRange {
        if (offset < 0 || length < 0) {
            throw new IllegalArgumentException("read range [" + offset + ", +" + length + ") is negative");
        }
    }

    /** The block's chunks overlapping the range, in block order, as long as their data fits in {@link #DATA_MAX}. */
    List<ChunkInfo> chunksOf(BlockData block) {
        long end = length > Long.MAX_VALUE - offset ? Long.MAX_VALUE : offset + length;
        List<ChunkInfo> chunks = new ArrayList<>();
        long bytes = 0;
        for (ChunkInfo chunk : block.getChunksList()) {
            if (chunk.getOffset() >= end || chunk.getOffset() + chunk.getLength() <= offset) {
                continue;
            }
            if (bytes + chunk.getLength() > DATA_MAX) {
                break;
            }
            chunks.add(chunk);
            bytes += chunk.getLength();
        }
        return chunks;
    }
}
