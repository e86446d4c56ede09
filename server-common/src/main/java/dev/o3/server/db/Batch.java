package dev.o3.server.db;

import org.rocksdb.WriteBatch;

/**
 * Writes collected for one atomic {@link Database#commit(Batch)}; fill it through the {@link Table} batch methods.
 * Not thread-safe: one thread fills a batch. Close it after commit to free its native memory.
 */
public final class Batch implements AutoCloseable {
    private final WriteBatch writeBatch = new WriteBatch();

    Batch() {}

    WriteBatch writeBatch() {
        return writeBatch;
    }

    /** Number of operations in the batch. */
    public int size() {
        return writeBatch.count();
    }

    @Override
    public void close() {
        writeBatch.close();
    }
}
