package dev.o3.om.db;

import java.util.ArrayList;
import java.util.List;

/**
 * The writes of one Raft log entry: a single request, or a batch of them applied in order (group commit). Each
 * request fills its own {@link Mutation}; a published one is visible to the cache, so the entry's later requests see
 * it at once, while RocksDB receives the whole entry in one double-buffer slot when it is {@link #finish finished}.
 * A flush therefore never records the entry's index with only part of its requests written, which a restart (that
 * replays the log after the recorded index only) would lose. Confined to the applier thread.
 */
public final class EntryWrites {
    private final OmStore store;
    private final DoubleBuffer doubleBuffer;
    private final long term;
    private final long index;
    private final List<CachedWrite<?>> writes = new ArrayList<>();
    private int objectIdsUsed;
    private boolean finished;

    EntryWrites(OmStore store, DoubleBuffer doubleBuffer, long term, long index) {
        this.store = store;
        this.doubleBuffer = doubleBuffer;
        this.term = term;
        this.index = index;
    }

    /** A mutation for the entry's next request; its object ids follow those the earlier requests took. */
    public Mutation next() {
        return new Mutation(store, term, index, objectIdsUsed);
    }

    /** Makes a successful request's writes visible to readers; they reach RocksDB with the entry. */
    public void publish(Mutation mutation) {
        objectIdsUsed = mutation.objectIdsUsed();
        writes.addAll(mutation.publish());
    }

    /** Keeps a refused request's object ids taken (ids never repeat within an entry) and drops its writes. */
    public void drop(Mutation mutation) {
        objectIdsUsed = mutation.objectIdsUsed();
    }

    /**
     * Queues the entry for RocksDB; an entry that changed nothing still moves the flushed index. Blocks while the
     * double buffer is full.
     */
    public void finish() {
        if (finished) {
            throw new IllegalStateException("log entry " + index + " finished twice");
        }
        finished = true;
        doubleBuffer.add(term, index, writes);
    }
}
