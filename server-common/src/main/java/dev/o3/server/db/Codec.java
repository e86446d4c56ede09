package dev.o3.server.db;

/**
 * Converts a value to and from the bytes stored in RocksDB. Key codecs must preserve the order the table is iterated
 * in (RocksDB compares keys as unsigned bytes).
 *
 * @param <T> the value type
 */
public interface Codec<T> {
    byte[] encode(T value);

    T decode(byte[] bytes);
}
