package dev.o3.server.db;

import java.util.Objects;

/**
 * One row of a table.
 *
 * @param <K> key type
 * @param <V> value type
 */
public record KeyValue<K, V>(K key, V value) {
    public KeyValue {
        Objects.requireNonNull(key, "key is null");
        Objects.requireNonNull(value, "value is null");
    }
}
