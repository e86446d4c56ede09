package dev.o3.datanode.container;

import com.google.errorprone.annotations.concurrent.GuardedBy;
import dev.o3.datanode.volume.BlockKey;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The blocks a pipeline leader refused a chunk of because its volume was full: a client sends a block's chunks and
 * PutBlocks without waiting for each answer, so a PutBlock listing the refused chunk may reach the leader after the
 * refusal, and, logged, would commit on every replica a block whose data none of them has; the scanner then marks
 * every replica UNHEALTHY, taking the container's other blocks with it (docs/reliability.md, bug 15). The leader
 * refuses such a block's later writes too, and the client writes the block elsewhere, as for the refused chunk.
 *
 * <p>Kept in the leader's memory only, for the most recent {@link #MAX_BLOCKS} such blocks (a client writes a block
 * within seconds); a leader change between a refused chunk and the block's PutBlock is not covered. Thread-safe.
 */
final class RefusedChunkBlocks {
    /** Blocks remembered; the oldest is forgotten beyond it. */
    static final int MAX_BLOCKS = 10_000;

    @GuardedBy("this")
    private final Map<BlockKey, Boolean> blocks = new LinkedHashMap<>() {
        private static final long serialVersionUID = 1L;

        @Override
        protected boolean removeEldestEntry(Map.Entry<BlockKey, Boolean> eldest) {
            return size() > MAX_BLOCKS;
        }
    };

    /** Whether any block was ever refused: until then every write asks without a lock or an allocation. */
    private volatile boolean any;

    synchronized void add(long containerId, long localId) {
        blocks.put(new BlockKey(containerId, localId), Boolean.TRUE);
        any = true;
    }

    boolean contains(long containerId, long localId) {
        if (!any) {
            return false;
        }
        synchronized (this) {
            return blocks.containsKey(new BlockKey(containerId, localId));
        }
    }
}
