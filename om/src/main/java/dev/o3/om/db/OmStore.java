package dev.o3.om.db;

import dev.o3.proto.om.TransactionInfoRecord;
import dev.o3.server.db.Database;
import dev.o3.server.db.KeyValue;
import dev.o3.server.db.TableDefinition;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * OM's namespace store: RocksDB with the {@link OmSchema} tables, each behind the applied-state cache, and the
 * {@link DoubleBuffer} that persists applied transactions in batches.
 *
 * <p>Write protocol (applier thread only): {@link #begin} the log entry's {@link EntryWrites}, let each of its
 * requests fill a {@link Mutation} and publish it (cache first) or drop it (refused), then finish the entry (RocksDB
 * later, the entry's writes in one batch). Reads: any thread,
 * through {@link #table}. Lifecycle: {@link #open}, {@link #close} (flushes, then frees RocksDB).
 */
public final class OmStore implements ReadView, AutoCloseable {
    private final Database database;
    private final Map<String, CachedTable<?>> tables = new HashMap<>();
    private final TransactionInfoRecord flushedAtOpen;
    private final DoubleBuffer doubleBuffer;

    private OmStore(
            String logPrefix,
            Database database,
            int maxUnflushed,
            int flushedRows,
            FlushListener listener,
            Consumer<Throwable> faultHandler) {
        this.database = database;
        for (TableDefinition<String, ?> definition : OmSchema.CACHED_TABLES) {
            tables.put(
                    definition.name(),
                    new CachedTable<>(
                            database.table(definition),
                            OmSchema.FULLY_CACHED_TABLES.contains(definition),
                            !OmSchema.HASHED_TABLES.contains(definition),
                            OmSchema.LOOKED_UP_TABLES.contains(definition) ? flushedRows : 0));
        }
        this.flushedAtOpen = database.table(OmSchema.TRANSACTION_INFO)
                .get(OmSchema.TRANSACTION_INFO_KEY)
                .orElse(TransactionInfoRecord.getDefaultInstance());
        this.doubleBuffer =
                new DoubleBuffer(logPrefix, database, flushedAtOpen.getIndex(), maxUnflushed, listener, faultHandler);
    }

    /**
     * Opens (creating if needed) the store in {@code directory}.
     *
     * @param maxUnflushed applied transactions that may wait for the flusher before the applier blocks
     * @param flushedRows rows of each table that lookups read (keys, files, directories) to keep parsed after reading
     *     them from RocksDB; 0: none
     * @param blockCacheBytes RocksDB block cache the tables share; 0: RocksDB's default per table
     * @param faultHandler told when a flush fails; OM must stop
     */
    public static OmStore open(
            String logPrefix,
            Path directory,
            int maxUnflushed,
            int flushedRows,
            long blockCacheBytes,
            FlushListener listener,
            Consumer<Throwable> faultHandler) {
        Database database = Database.openLogBacked(directory, OmSchema.SCHEMA, blockCacheBytes);
        try {
            return new OmStore(logPrefix, database, maxUnflushed, flushedRows, listener, faultHandler);
        } catch (RuntimeException e) {
            database.close();
            throw e;
        }
    }

    @SuppressWarnings("unchecked")
    public <V> CachedTable<V> table(TableDefinition<String, V> definition) {
        CachedTable<V> table = (CachedTable<V>) tables.get(definition.name());
        if (table == null) {
            throw new IllegalArgumentException("not a cached OM table: " + definition.name());
        }
        return table;
    }

    @Override
    public <V> Optional<V> get(TableDefinition<String, V> definition, String key) {
        return table(definition).get(key);
    }

    @Override
    public <V> List<KeyValue<String, V>> scan(
            TableDefinition<String, V> definition, String prefix, String from, int limit) {
        return table(definition).scan(prefix, from, limit);
    }

    /** The last transaction RocksDB held when opened; log entries up to it must not be applied again. */
    public TransactionInfoRecord flushedAtOpen() {
        return flushedAtOpen;
    }

    /** Starts applying the log entry at {@code index}: one request, or a batch of them. */
    public EntryWrites begin(long term, long index) {
        return new EntryWrites(this, doubleBuffer, term, index);
    }

    public DoubleBuffer doubleBuffer() {
        return doubleBuffer;
    }

    /**
     * Waits for the flusher to persist {@code index}, then writes a RocksDB checkpoint to {@code target}.
     *
     * @throws IllegalStateException when the flusher does not reach {@code index} in time
     */
    public void checkpoint(long index, Path target, Duration timeout) throws InterruptedException {
        if (!doubleBuffer.awaitFlushed(index, timeout)) {
            throw new IllegalStateException("flusher did not reach index " + index + " within " + timeout);
        }
        database.checkpoint(target);
    }

    public Path directory() {
        return database.directory();
    }

    @Override
    public void close() {
        doubleBuffer.close();
        tables.values().forEach(CachedTable::clearCache);
        database.close();
    }
}
