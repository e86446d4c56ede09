package dev.o3.om.db;

import dev.o3.server.db.Batch;
import dev.o3.server.db.KeyValue;
import dev.o3.server.db.Table;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.ConcurrentNavigableMap;
import java.util.concurrent.ConcurrentSkipListMap;

/**
 * A string-keyed RocksDB table seen through the applied-state cache: writes applied by the state machine live in an
 * overlay until the double buffer has committed them, so reads always see every applied transaction.
 *
 * <p>A fully cached table (volumes, buckets: small and read by every request) loads every row at open and keeps
 * them: its reads never reach RocksDB, and flushing only drops deleted rows from the overlay.
 *
 * <p>Other tables may keep the rows last read from or flushed to RocksDB, parsed (or known absent, when read), in a
 * bounded {@link FlushedRowCache}.
 *
 * <p>Threading: one applier thread writes the overlay; the flusher evicts flushed entries; any thread reads. The
 * flusher commits RocksDB before it evicts, so a reader that misses the overlay finds the row in RocksDB.
 *
 * @param <V> value type
 */
public final class CachedTable<V> {
    private static final int SCAN_BATCH = 256;

    private final Table<String, V> table;
    private final boolean full;
    private final Optional<FlushedRowCache<V>> flushedRows;
    private final ConcurrentMap<String, CacheEntry<V>> overlay;

    /**
     * @param full keep every row in memory (loaded now) instead of only the unflushed ones
     * @param sorted keep the overlay in key order; otherwise hashed, for a table whose rows are found by key and only
     *     scanned rarely (a scan then sorts what it takes from the overlay)
     * @param flushedRows rows read from RocksDB to keep parsed (not for a full table); 0: none
     */
    CachedTable(Table<String, V> table, boolean full, boolean sorted, int flushedRows) {
        this.table = table;
        this.full = full;
        this.overlay = sorted ? new ConcurrentSkipListMap<>(KeyOrder.CODE_POINTS) : new ConcurrentHashMap<>();
        this.flushedRows =
                full || flushedRows == 0 ? Optional.empty() : Optional.of(new FlushedRowCache<>(flushedRows));
        if (full) {
            DbCursor rows = new DbCursor("", "");
            for (KeyValue<String, V> row = rows.next(); row != null; row = rows.next()) {
                overlay.put(row.key(), new CacheEntry<>(Optional.of(row.value()), 0));
            }
        }
    }

    public String name() {
        return table.name();
    }

    public Optional<V> get(String key) {
        if (flushedRows.isPresent()) {
            return getThroughFlushedRows(key, flushedRows.get());
        }
        CacheEntry<V> entry = overlay.get(key);
        if (entry != null) {
            return entry.value();
        }
        return full ? Optional.empty() : table.get(key);
    }

    private Optional<V> getThroughFlushedRows(String key, FlushedRowCache<V> rows) {
        long stamp = rows.stamp(key);
        CacheEntry<V> entry = overlay.get(key);
        if (entry != null) {
            return entry.value();
        }
        Optional<V> cached = rows.get(key);
        if (cached != null) {
            return cached;
        }
        Optional<V> stored = table.get(key);
        rows.put(key, stored, stamp);
        return stored;
    }

    /**
     * Up to {@code limit} live rows in key order with keys starting with {@code prefix}, from {@code from}
     * (inclusive, at or after the prefix).
     */
    public List<KeyValue<String, V>> scan(String prefix, String from, int limit) {
        // Copy the overlay first: a row evicted after this copy is already in RocksDB, which is read next.
        NavigableMap<String, CacheEntry<V>> pending = overlayRows(prefix, from);
        List<KeyValue<String, V>> rows = new ArrayList<>();
        Iterator<Map.Entry<String, CacheEntry<V>>> cached = pending.entrySet().iterator();
        Map.Entry<String, CacheEntry<V>> nextCached = cached.hasNext() ? cached.next() : null;
        DbCursor stored = new DbCursor(prefix, from);
        KeyValue<String, V> nextStored = full ? null : stored.next();
        while (rows.size() < limit && (nextCached != null || nextStored != null)) {
            int order = nextCached == null
                    ? 1
                    : nextStored == null ? -1 : KeyOrder.compare(nextCached.getKey(), nextStored.key());
            if (order <= 0) {
                String key = nextCached.getKey();
                nextCached.getValue().value().ifPresent(value -> rows.add(new KeyValue<>(key, value)));
                nextCached = cached.hasNext() ? cached.next() : null;
                if (order == 0) {
                    nextStored = stored.next();
                }
            } else {
                rows.add(nextStored);
                nextStored = stored.next();
            }
        }
        return rows;
    }

    /** The overlay's entries (live or deleted) with keys starting with {@code prefix}, from {@code from}, sorted. */
    private NavigableMap<String, CacheEntry<V>> overlayRows(String prefix, String from) {
        NavigableMap<String, CacheEntry<V>> rows = new TreeMap<>(KeyOrder.CODE_POINTS);
        if (overlay instanceof ConcurrentNavigableMap<String, CacheEntry<V>> sorted) {
            for (Map.Entry<String, CacheEntry<V>> entry :
                    sorted.tailMap(from, true).entrySet()) {
                if (!entry.getKey().startsWith(prefix)) {
                    break;
                }
                rows.put(entry.getKey(), entry.getValue());
            }
        } else {
            overlay.forEach((key, entry) -> {
                if (key.startsWith(prefix) && KeyOrder.compare(key, from) >= 0) {
                    rows.put(key, entry);
                }
            });
        }
        return rows;
    }

    /** Whether any live row has a key starting with {@code prefix}. */
    public boolean hasKeyWithPrefix(String prefix) {
        return !scan(prefix, prefix, 1).isEmpty();
    }

    /** Whether the row of {@code key}, or its absence, is kept parsed after leaving the overlay (tests). */
    boolean keepsParsed(String key) {
        return flushedRows.map(rows -> rows.get(key) != null).orElse(false);
    }

    /** Number of applied writes not yet evicted (tests and metrics). */
    public int cachedCount() {
        return overlay.size();
    }

    CacheEntry<V> applyToCache(String key, Optional<V> value, long epoch) {
        CacheEntry<V> entry = new CacheEntry<>(value, epoch);
        overlay.put(key, entry);
        return entry;
    }

    void writeTo(Batch batch, String key, CacheEntry<V> entry) {
        if (entry.value().isPresent()) {
            table.put(batch, key, entry.value().get());
        } else {
            table.delete(batch, key);
        }
    }

    void evict(String key, CacheEntry<V> entry) {
        flushedRows.ifPresent(rows -> rows.flushed(key, entry.value()));
        if (!full || entry.value().isEmpty()) {
            overlay.remove(key, entry);
        }
    }

    void clearCache() {
        overlay.clear();
    }

    /** Reads RocksDB rows lazily in batches. */
    private final class DbCursor {
        private final String prefix;
        private String from;
        private List<KeyValue<String, V>> batch = List.of();
        private int position;
        private boolean exhausted;

        DbCursor(String prefix, String from) {
            this.prefix = prefix;
            this.from = from;
        }

        KeyValue<String, V> next() {
            if (position == batch.size()) {
                if (exhausted) {
                    return null;
                }
                batch = table.scan(Optional.of(from), SCAN_BATCH, key -> key.startsWith(prefix));
                position = 0;
                exhausted = batch.size() < SCAN_BATCH;
                if (batch.isEmpty()) {
                    return null;
                }
                from = KeyOrder.successor(batch.get(batch.size() - 1).key());
            }
            return batch.get(position++);
        }
    }
}
