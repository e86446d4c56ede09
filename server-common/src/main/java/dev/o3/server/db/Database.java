package dev.o3.server.db;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.rocksdb.BlockBasedTableConfig;
import org.rocksdb.BloomFilter;
import org.rocksdb.Cache;
import org.rocksdb.Checkpoint;
import org.rocksdb.ColumnFamilyDescriptor;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.ColumnFamilyOptions;
import org.rocksdb.DBOptions;
import org.rocksdb.FlushOptions;
import org.rocksdb.HyperClockCache;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;
import org.rocksdb.WriteOptions;

/**
 * An open RocksDB database with the column families of a {@link DbSchema}. Owns every native handle and frees them
 * in {@link #close()}; {@link #openCount()} lets tests assert that nothing leaked. Thread-safe: RocksDB reads and
 * writes may run concurrently; {@code close()} must not race with them.
 */
public final class Database implements AutoCloseable {
    private static final AtomicInteger OPEN = new AtomicInteger();
    /** About 1% false positives. */
    private static final double BLOOM_BITS_PER_KEY = 10;
    /** Share of each memtable's size given to its bloom filter (RocksDB's documented starting point). */
    private static final double MEMTABLE_BLOOM_RATIO = 0.02;

    static {
        RocksDB.loadLibrary();
    }

    private final Path directory;
    private final boolean logBacked;
    private final DBOptions dbOptions;
    private final BloomFilter keyFilter;
    private final Cache blockCache;
    private final ColumnFamilyOptions columnOptions;
    private final WriteOptions syncWrite;
    private final WriteOptions bufferedWrite;
    private final AtomicLong syncs = new AtomicLong();
    private final RocksDB db;
    private final List<ColumnFamilyHandle> handles;
    private final Map<String, ColumnFamilyHandle> handlesByName;
    private boolean closed;

    private Database(Path directory, DbSchema schema, boolean logBacked, long blockCacheBytes) throws RocksDBException {
        this.directory = directory;
        this.logBacked = logBacked;
        // Without a WAL, what survives a crash is the last flush; flushing every column family at once keeps that a
        // single point in time for the whole database.
        this.dbOptions = new DBOptions()
                .setCreateIfMissing(true)
                .setCreateMissingColumnFamilies(true)
                .setAtomicFlush(logBacked);
        // Writes look up keys that mostly do not exist yet (the OM checks for a key a new upload replaces); bloom
        // filters, in SST files and memtables, answer such a miss without searching every memtable and L0 file.
        this.keyFilter = new BloomFilter(BLOOM_BITS_PER_KEY);
        BlockBasedTableConfig tableConfig = new BlockBasedTableConfig().setFilterPolicy(keyFilter);
        // One cache for all column families. Without it each gets RocksDB's default of 32 MB, and a random get whose
        // block is not cached reads and decompresses a block: 10 us of CPU per get over 1M OM keys (57 MB of SST)
        // against 3.6 us when they all fit (docs/benchmarks.md, "OM at scale").
        // HyperClockCache (RocksDB's recommended block cache) finds a block without a lock: random lookups over 10M
        // keys spent 6% of OM's CPU in it against 11% in the LRU cache's hash lookup and list upkeep under a mutex.
        this.blockCache = blockCacheBytes > 0 ? new HyperClockCache(blockCacheBytes, 0, -1, false) : null;
        if (blockCache != null) {
            tableConfig.setBlockCache(blockCache);
        }
        this.columnOptions = new ColumnFamilyOptions()
                .setTableFormatConfig(tableConfig)
                .setMemtablePrefixBloomSizeRatio(MEMTABLE_BLOOM_RATIO)
                .setMemtableWholeKeyFiltering(true);
        this.syncWrite = new WriteOptions().setSync(true);
        this.bufferedWrite = new WriteOptions().setSync(false).setDisableWAL(logBacked);
        List<ColumnFamilyDescriptor> descriptors = new ArrayList<>();
        descriptors.add(new ColumnFamilyDescriptor(RocksDB.DEFAULT_COLUMN_FAMILY, columnOptions));
        for (TableDefinition<?, ?> table : schema.tables()) {
            descriptors.add(new ColumnFamilyDescriptor(Codecs.STRING.encode(table.name()), columnOptions));
        }
        this.handles = new ArrayList<>();
        try {
            this.db = RocksDB.open(dbOptions, directory.toString(), descriptors, handles);
        } catch (RocksDBException e) {
            syncWrite.close();
            bufferedWrite.close();
            columnOptions.close();
            keyFilter.close();
            closeBlockCache();
            dbOptions.close();
            throw e;
        }
        this.handlesByName = new HashMap<>();
        for (int i = 1; i < handles.size(); i++) {
            handlesByName.put(schema.tables().get(i - 1).name(), handles.get(i));
        }
        OPEN.incrementAndGet();
    }

    /**
     * Opens (creating if needed) the database in {@code directory}.
     *
     * @throws DbException when RocksDB cannot open it (locked by another process, corrupt, I/O error)
     */
    public static Database open(Path directory, DbSchema schema) {
        return open(directory, schema, false, 0);
    }

    /**
     * Opens (creating if needed) a database whose every write is redone from a Raft log after a crash, so RocksDB
     * keeps no WAL of its own: writes go to memtables only, a crash loses those since the last flush (which the
     * caller must record with the data, as the log index it reached), and memtables are flushed atomically across
     * column families. Such a database takes {@link #commitWithoutSync} only; {@link #checkpoint} flushes first.
     *
     * @param blockCacheBytes size of the block cache its column families share (uncompressed blocks off the heap);
     *     0: RocksDB's default, a small cache per column family
     * @throws DbException when RocksDB cannot open it (locked by another process, corrupt, I/O error)
     */
    public static Database openLogBacked(Path directory, DbSchema schema, long blockCacheBytes) {
        return open(directory, schema, true, blockCacheBytes);
    }

    private static Database open(Path directory, DbSchema schema, boolean logBacked, long blockCacheBytes) {
        if (blockCacheBytes < 0) {
            throw new IllegalArgumentException("block cache size must not be negative: " + blockCacheBytes);
        }
        try {
            Files.createDirectories(directory);
            return new Database(directory, schema, logBacked, blockCacheBytes);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create database directory " + directory, e);
        } catch (RocksDBException e) {
            throw new DbException("cannot open " + schema.name() + " database in " + directory, e);
        }
    }

    /** Number of databases open in this JVM; tests assert it returns to its starting value. */
    public static int openCount() {
        return OPEN.get();
    }

    /** The typed view of a table of this database's schema. */
    public <K, V> Table<K, V> table(TableDefinition<K, V> definition) {
        ColumnFamilyHandle handle = handlesByName.get(definition.name());
        if (handle == null) {
            throw new IllegalArgumentException("table " + definition.name() + " is not in the schema of " + directory);
        }
        return new Table<>(db, handle, definition);
    }

    /** A new write batch; apply it with {@link #commit(Batch)} and close it afterwards. */
    public Batch newBatch() {
        return new Batch();
    }

    /**
     * Applies a batch atomically and durably (synced to the WAL).
     *
     * @throws DbException when the write fails
     */
    public void commit(Batch batch) {
        requireWal("a synced commit");
        try {
            db.write(syncWrite, batch.writeBatch());
            syncs.incrementAndGet();
        } catch (RocksDBException e) {
            throw new DbException("batch write to " + directory + " failed", e);
        }
    }

    /**
     * Applies a batch atomically, written to the WAL but not synced: it survives a crash of the process, not of the
     * machine, until the next {@link #commit(Batch)} or {@link #syncWal()}. Only for writes that can be redone from
     * another durable log (a datanode's PutBlock is replayed from the pipeline's Raft log). In a
     * {@linkplain #openLogBacked log-backed} database it survives neither until the next flush.
     *
     * @throws DbException when the write fails
     */
    public void commitWithoutSync(Batch batch) {
        try {
            db.write(bufferedWrite, batch.writeBatch());
        } catch (RocksDBException e) {
            throw new DbException("batch write to " + directory + " failed", e);
        }
    }

    /**
     * Makes every write committed so far durable (fsyncs the WAL).
     *
     * @throws DbException when the sync fails
     */
    public void syncWal() {
        requireWal("a WAL sync");
        try {
            db.syncWal();
            syncs.incrementAndGet();
        } catch (RocksDBException e) {
            throw new DbException("WAL sync of " + directory + " failed", e);
        }
    }

    private void requireWal(String operation) {
        if (logBacked) {
            throw new IllegalStateException(directory + " is log-backed (no WAL): " + operation + " cannot be durable");
        }
    }

    /** WAL syncs so far: synced commits and {@link #syncWal()} calls. */
    public long syncs() {
        return syncs.get();
    }

    /**
     * Writes a consistent point-in-time copy (hard links where possible) to a directory that must not exist.
     *
     * @throws DbException when the checkpoint fails
     */
    public void checkpoint(Path target) {
        try (Checkpoint checkpoint = Checkpoint.create(db)) {
            if (logBacked) {
                flushMemtables();
            }
            checkpoint.createCheckpoint(target.toString());
        } catch (RocksDBException e) {
            throw new DbException("checkpoint of " + directory + " to " + target + " failed", e);
        }
    }

    /** The copy is taken from files only: memtables first become one atomic set of SST files. */
    private void flushMemtables() throws RocksDBException {
        try (FlushOptions wait = new FlushOptions().setWaitForFlush(true)) {
            db.flush(wait, handles);
        }
    }

    public Path directory() {
        return directory;
    }

    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        handles.forEach(ColumnFamilyHandle::close);
        db.close();
        syncWrite.close();
        bufferedWrite.close();
        columnOptions.close();
        keyFilter.close();
        closeBlockCache();
        dbOptions.close();
        OPEN.decrementAndGet();
    }

    private void closeBlockCache() {
        if (blockCache != null) {
            blockCache.close();
        }
    }
}
