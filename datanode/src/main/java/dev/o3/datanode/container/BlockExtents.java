package dev.o3.datanode.container;

import com.google.errorprone.annotations.concurrent.GuardedBy;
import dev.o3.datanode.volume.BlockKey;
import dev.o3.proto.container.BlockData;
import dev.o3.proto.container.ContainerResult;
import dev.o3.proto.hdds.ChunkInfo;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.OptionalLong;

/**
 * How far each block being written reaches on this replica: the end of its chunks applied so far, which must follow
 * each other without a gap. A client sends a block's chunks and PutBlocks without waiting for each answer, so when a
 * pipeline leader refuses a chunk before logging it (its volume is full, the block token expired by its clock), the
 * block's later chunks and its PutBlock may still be logged, by that leader or by the next one. Committed, that
 * PutBlock would list data no replica has, and the scanners would mark every replica UNHEALTHY, taking the
 * container's other blocks with them (docs/reliability.md, bug 15). Every replica applies the same log, so every
 * replica refuses such a write alike, with {@link ContainerResult#BLOCK_INCOMPLETE}, and the client writes the block
 * elsewhere, as it does for the refused chunk.
 *
 * <p>Kept in memory for the {@link #MAX_BLOCKS} blocks written most recently (a client writes a block within
 * seconds; a block its PutBlock marks complete is forgotten at once). A replica does not know a block whose earlier
 * chunks it applied before a restart: it takes such a block's chunks, and its caller checks a PutBlock against what
 * the disk holds instead. Thread-safe.
 */
final class BlockExtents {
    /** Blocks remembered; the one written least recently is forgotten beyond it. */
    static final int MAX_BLOCKS = 10_000;

    @GuardedBy("this")
    private final Map<BlockKey, Long> ends = new LinkedHashMap<>(16, 0.75f, true) {
        private static final long serialVersionUID = 1L;

        @Override
        protected boolean removeEldestEntry(Map.Entry<BlockKey, Long> eldest) {
            return size() > MAX_BLOCKS;
        }
    };

    /**
     * The block's end once {@code chunk} is applied. A chunk at offset 0 starts a block; a later one must start at or
     * before the end of the chunks applied before it (a client's retry rewrites the same range).
     *
     * @throws ContainerResultException BLOCK_INCOMPLETE when a chunk before this one never reached the log
     */
    long endAfter(BlockKey block, ChunkInfo chunk) throws ContainerResultException {
        long start = chunk.getOffset();
        long chunkEnd = start + chunk.getLength();
        if (start == 0) {
            return Math.max(chunkEnd, known(block).orElse(0));
        }
        OptionalLong end = known(block);
        if (end.isPresent() && start > end.getAsLong()) {
            throw incomplete(block, end.getAsLong(), start);
        }
        return Math.max(chunkEnd, end.orElse(chunkEnd));
    }

    /** The end of the block's chunks applied so far, when this replica saw them all. */
    synchronized OptionalLong known(BlockKey block) {
        Long end = ends.get(block);
        return end == null ? OptionalLong.empty() : OptionalLong.of(end);
    }

    /** Records the block's end after an applied chunk. */
    synchronized void applied(BlockKey block, long end) {
        ends.put(block, end);
    }

    /** Forgets a block its PutBlock marked complete. */
    synchronized void forget(BlockKey block) {
        ends.remove(block);
    }

    /**
     * Checks that a PutBlock lists only data the block holds: every chunk ends at or before {@code end}.
     *
     * @throws ContainerResultException BLOCK_INCOMPLETE when a listed chunk never reached the log
     */
    static void checkCovered(BlockKey block, BlockData data, long end) throws ContainerResultException {
        long listed = 0;
        for (ChunkInfo chunk : data.getChunksList()) {
            listed = Math.max(listed, chunk.getOffset() + chunk.getLength());
        }
        if (listed > end) {
            throw incomplete(block, end, listed);
        }
    }

    private static ContainerResultException incomplete(BlockKey block, long end, long needed) {
        return new ContainerResultException(
                ContainerResult.BLOCK_INCOMPLETE,
                "block " + block.localId() + " of container " + block.containerId() + " holds " + end
                        + " bytes here, not " + needed + ": a chunk of it never reached the pipeline's log (its leader"
                        + " refused it); write the block elsewhere");
    }
}
