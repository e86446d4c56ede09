package dev.o3.om.db;

import java.util.Optional;

/**
 * An applied but maybe unflushed write: the new value (empty = deleted) and the log index that wrote it. Identity
 * equality on purpose: the flusher evicts exactly the entry it flushed, never a newer one for the same key.
 *
 * @param <V> value type
 */
final class CacheEntry<V> {
    private final Optional<V> value;
    private final long epoch;

    CacheEntry(Optional<V> value, long epoch) {
        this.value = value;
        this.epoch = epoch;
    }

    Optional<V> value() {
        return value;
    }

    long epoch() {
        return epoch;
    }
}
