package dev.o3.om.db;

import dev.o3.common.db.KeyValue;
import dev.o3.common.db.TableDefinition;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The writes of one request, collected while it is applied and published to the cache all at once when it succeeds
 * (a failed request leaves no trace); see {@link EntryWrites} for the log entry it belongs to. Point reads through
 * it see its own writes first; scans see the state before the request. Confined to the applier thread.
 */
public final class Mutation implements ReadView {
    private static final int MAX_OBJECTS_PER_ENTRY = 1 << 16;

    private final OmStore store;
    private final long term;
    private final long index;
    private final Map<String, Map<String, Optional<?>>> writes = new LinkedHashMap<>();
    private final Map<String, TableDefinition<String, ?>> definitions = new HashMap<>();
    private int objectIds;

    /** @param firstObjectId where this request's object-id counter starts within its log entry */
    Mutation(OmStore store, long term, long index, int firstObjectId) {
        this.store = store;
        this.term = term;
        this.index = index;
        this.objectIds = firstObjectId;
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

    @Override
    @SuppressWarnings("unchecked")
    public <V> Optional<V> get(TableDefinition<String, V> table, String key) {
        Map<String, Optional<?>> pending = writes.get(table.name());
        if (pending != null && pending.containsKey(key)) {
            return (Optional<V>) pending.get(key);
        }
        return store.table(table).get(key);
    }

    public <V> void put(TableDefinition<String, V> table, String key, V value) {
        write(table, key, Optional.of(value));
    }

    public void delete(TableDefinition<String, ?> table, String key) {
        write(table, key, Optional.empty());
    }

    /** Number of row writes (puts and deletes) so far. */
    public int size() {
        return writes.values().stream().mapToInt(Map::size).sum();
    }

    private void write(TableDefinition<String, ?> table, String key, Optional<?> value) {
        definitions.put(table.name(), table);
        writes.computeIfAbsent(table.name(), name -> new LinkedHashMap<>()).put(key, value);
    }

    /** Applies every write to the cache; returns what the flusher must write and evict. */
    List<CachedWrite<?>> publish() {
        List<CachedWrite<?>> published = new ArrayList<>();
        for (Map.Entry<String, Map<String, Optional<?>>> tableWrites : writes.entrySet()) {
            TableDefinition<String, ?> definition = definitions.get(tableWrites.getKey());
            for (Map.Entry<String, Optional<?>> write : tableWrites.getValue().entrySet()) {
                published.add(publishOne(definition, write.getKey(), write.getValue()));
            }
        }
        return published;
    }

    @SuppressWarnings("unchecked")
    private <V> CachedWrite<V> publishOne(TableDefinition<String, V> definition, String key, Optional<?> value) {
        CachedTable<V> table = store.table(definition);
        CacheEntry<V> entry = table.applyToCache(key, (Optional<V>) value, index);
        return new CachedWrite<>(table, key, entry);
    }
}
