package dev.o3.om.db;

import dev.o3.server.db.Batch;

/**
 * One applied write waiting for the flusher: written to the batch, then evicted from the cache once committed.
 *
 * @param <V> value type
 */
record CachedWrite<V>(CachedTable<V> table, String key, CacheEntry<V> entry) {
    void writeTo(Batch batch) {
        table.writeTo(batch, key, entry);
    }

    void evict() {
        table.evict(key, entry);
    }
}
