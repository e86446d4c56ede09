package dev.o3.server.db;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;
import org.rocksdb.RocksIterator;

/**
 * A typed view of one column family. Single writes are not synced (use a {@link Batch} for durable, atomic
 * updates); reads see every completed write. Thread-safe.
 *
 * @param <K> key type
 * @param <V> value type
 */
public final class Table<K, V> {
    private final RocksDB db;
    private final ColumnFamilyHandle handle;
    private final TableDefinition<K, V> definition;

    Table(RocksDB db, ColumnFamilyHandle handle, TableDefinition<K, V> definition) {
        this.db = db;
        this.handle = handle;
        this.definition = definition;
    }

    public String name() {
        return definition.name();
    }

    public Optional<V> get(K key) {
        try {
            byte[] value = db.get(handle, definition.keyCodec().encode(key));
            return value == null
                    ? Optional.empty()
                    : Optional.of(definition.valueCodec().decode(value));
        } catch (RocksDBException e) {
            throw failure("get", e);
        }
    }

    public void put(K key, V value) {
        try {
            db.put(
                    handle,
                    definition.keyCodec().encode(key),
                    definition.valueCodec().encode(value));
        } catch (RocksDBException e) {
            throw failure("put", e);
        }
    }

    public void delete(K key) {
        try {
            db.delete(handle, definition.keyCodec().encode(key));
        } catch (RocksDBException e) {
            throw failure("delete", e);
        }
    }

    public void put(Batch batch, K key, V value) {
        try {
            batch.writeBatch()
                    .put(
                            handle,
                            definition.keyCodec().encode(key),
                            definition.valueCodec().encode(value));
        } catch (RocksDBException e) {
            throw failure("batch put", e);
        }
    }

    public void delete(Batch batch, K key) {
        try {
            batch.writeBatch().delete(handle, definition.keyCodec().encode(key));
        } catch (RocksDBException e) {
            throw failure("batch delete", e);
        }
    }

    /**
     * Up to {@code limit} rows in key order, starting at {@code from} (inclusive; empty = first key), while
     * {@code continueWhile} accepts the key (e.g. a prefix test).
     */
    public List<KeyValue<K, V>> scan(Optional<K> from, int limit, Predicate<K> continueWhile) {
        List<KeyValue<K, V>> rows = new ArrayList<>();
        try (RocksIterator iterator = db.newIterator(handle)) {
            if (from.isPresent()) {
                iterator.seek(definition.keyCodec().encode(from.get()));
            } else {
                iterator.seekToFirst();
            }
            while (iterator.isValid() && rows.size() < limit) {
                K key = definition.keyCodec().decode(iterator.key());
                if (!continueWhile.test(key)) {
                    break;
                }
                rows.add(new KeyValue<>(key, definition.valueCodec().decode(iterator.value())));
                iterator.next();
            }
            iterator.status();
        } catch (RocksDBException e) {
            throw failure("scan", e);
        }
        return rows;
    }

    /** Every row in key order; for small tables (pipelines, containers) loaded at start-up. */
    public List<KeyValue<K, V>> all() {
        return scan(Optional.empty(), Integer.MAX_VALUE, key -> true);
    }

    /** Whether the table has no rows. */
    public boolean isEmpty() {
        try (RocksIterator iterator = db.newIterator(handle)) {
            iterator.seekToFirst();
            return !iterator.isValid();
        }
    }

    /** The last key in byte order, if any (e.g. to resume a sequence). */
    public Optional<K> lastKey() {
        try (RocksIterator iterator = db.newIterator(handle)) {
            iterator.seekToLast();
            return iterator.isValid()
                    ? Optional.of(definition.keyCodec().decode(Arrays.copyOf(iterator.key(), iterator.key().length)))
                    : Optional.empty();
        }
    }

    private DbException failure(String operation, RocksDBException e) {
        return new DbException(operation + " on table " + definition.name() + " failed", e);
    }
}
