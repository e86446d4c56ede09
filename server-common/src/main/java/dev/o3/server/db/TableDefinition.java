package dev.o3.server.db;

import java.util.Objects;

/**
 * One column family: its name and how its keys and values are encoded.
 *
 * @param <K> key type
 * @param <V> value type
 */
public record TableDefinition<K, V>(String name, Codec<K> keyCodec, Codec<V> valueCodec) {
    public TableDefinition {
        Objects.requireNonNull(name, "name is null");
        Objects.requireNonNull(keyCodec, "keyCodec is null");
        Objects.requireNonNull(valueCodec, "valueCodec is null");
        if (name.isBlank() || name.equals("default")) {
            throw new IllegalArgumentException("invalid table name: '" + name + "'");
        }
    }
}
