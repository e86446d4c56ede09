package dev.o3.om.db;

import dev.o3.server.db.KeyValue;
import dev.o3.server.db.TableDefinition;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The writes of one request, collected while it is applied and published to the cache all at once when it succeeds
 * (a failed request leaves no trace); see {@link EntryWrites} for the log entry it belongs to. Point reads through
 * it see its own writes first; scans see the state before the request. Confined to the applier thread.
 */
public final class Mutation implements ReadView {
    private static final int MAX_OBJECTS_PER_ENTRY = 1 << 16;
    /**
     * A request writes a few rows, found by a scan; past this many (batch deletes, multipart completion) a hash index
     * finds them. The map per table this replaced was 17% of the OM's allocation under key writes (profiled).
     */
    private static final int SCANNED_WRITES = 8;

    private final OmStore store;
    private final long term;
    private final long index;
    /** One write per row, the last one made. */
    private final List<Write> writes = new ArrayList<>(4);
    /** Positions in {@link #writes}, once there are more than {@link #SCANNED_WRITES}. */
    private Map<Row, Integer> positions;

    private int objectIds;

    /** @param firstObjectId where this request's object-id counter starts within its log entry */
    Mutation(OmStore store, long term, long index, int firstObjectId) {
        this.store = store;
        this.term = term;
        this.index = index;
        this.objectIds = firstObjectId;
    }

    /**
     * A mutation whose writes are never published, with object ids that mean nothing: for a leader that checks a
     * request against the current state before it is logged. Reads the cache-backed store, so any thread may use it.
     */
    public static Mutation scratch(OmStore store) {
        return new Mutation(store, 0, 0, 0);
    }

    public long term() {
        return term;
    }

    /** The Raft log index of the transaction; object ids derive from it so every OM assigns the same ids. */
    public long index() {
        return index;
    }

    /**
     * A new object id, unique across the cluster: the log index in the high bits, a counter in the low 16 that the
     * requests of one log entry share.
     */
    public long nextObjectId() {
        if (objectIds == MAX_OBJECTS_PER_ENTRY) {
            throw new IllegalStateException("more than " + MAX_OBJECTS_PER_ENTRY + " objects in one log entry");
        }
        return (index << 16) | objectIds++;
    }

    /** Where the next request of the same log entry starts counting object ids. */
    int objectIdsUsed() {
        return objectIds;
    }

    @Override
    public <V> List<KeyValue<String, V>> scan(TableDefinition<String, V> table, String prefix, String from, int limit) {
        return store.scan(table, prefix, from, limit);
    }

    /** Every row whose key starts with {@code prefix}, with this request's own writes: for a few rows (one key's). */
    @SuppressWarnings("unchecked")
    public <V> List<KeyValue<String, V>> scanWithOwnWrites(TableDefinition<String, V> table, String prefix) {
        NavigableMap<String, V> rows = new TreeMap<>(KeyOrder.CODE_POINTS);
        store.scan(table, prefix, prefix, Integer.MAX_VALUE).forEach(row -> rows.put(row.key(), row.value()));
        for (Write write : writes) {
            if (write.table().name().equals(table.name()) && write.key().startsWith(prefix)) {
                if (write.value().isPresent()) {
                    rows.put(write.key(), (V) write.value().get());
                } else {
                    rows.remove(write.key());
                }
            }
        }
        List<KeyValue<String, V>> result = new ArrayList<>(rows.size());
        rows.forEach((key, value) -> result.add(new KeyValue<>(key, value)));
        return result;
    }

    @Override
    @SuppressWarnings("unchecked")
    public <V> Optional<V> get(TableDefinition<String, V> table, String key) {
        int at = find(table, key);
        return at >= 0
                ? (Optional<V>) writes.get(at).value()
                : store.table(table).get(key);
    }

    public <V> void put(TableDefinition<String, V> table, String key, V value) {
        write(table, key, Optional.of(value));
    }

    public void delete(TableDefinition<String, ?> table, String key) {
        write(table, key, Optional.empty());
    }

    private void write(TableDefinition<String, ?> table, String key, Optional<?> value) {
        Write write = new Write(table, key, value);
        int at = find(table, key);
        if (at >= 0) {
            writes.set(at, write);
            return;
        }
        writes.add(write);
        if (positions != null) {
            positions.put(new Row(table.name(), key), writes.size() - 1);
        } else if (writes.size() > SCANNED_WRITES) {
            positions = new HashMap<>();
            for (int i = 0; i < writes.size(); i++) {
                positions.put(
                        new Row(writes.get(i).table().name(), writes.get(i).key()), i);
            }
        }
    }

    private int find(TableDefinition<String, ?> table, String key) {
        if (positions != null) {
            return positions.getOrDefault(new Row(table.name(), key), -1);
        }
        for (int i = 0; i < writes.size(); i++) {
            Write write = writes.get(i);
            if (write.key().equals(key) && write.table().name().equals(table.name())) {
                return i;
            }
        }
        return -1;
    }

    /** Applies every write to the cache; returns what the flusher must write and evict. */
    List<CachedWrite<?>> publish() {
        List<CachedWrite<?>> published = new ArrayList<>(writes.size());
        for (Write write : writes) {
            published.add(publishOne(write.table(), write.key(), write.value()));
        }
        return published;
    }

    @SuppressWarnings("unchecked")
    private <V> CachedWrite<V> publishOne(TableDefinition<String, V> definition, String key, Optional<?> value) {
        CachedTable<V> table = store.table(definition);
        CacheEntry<V> entry = table.applyToCache(key, (Optional<V>) value, index);
        return new CachedWrite<>(table, key, entry);
    }

    private record Write(TableDefinition<String, ?> table, String key, Optional<?> value) {}

    private record Row(String table, String key) {}
}
