package dev.o3.om.db;

import dev.o3.server.db.KeyValue;
import dev.o3.server.db.TableDefinition;
import java.util.List;
import java.util.Optional;

/** Read access to the namespace: the store for RPC reads, a {@link Mutation} while a request is applied. */
public interface ReadView {
    <V> Optional<V> get(TableDefinition<String, V> table, String key);

    /** Up to {@code limit} rows whose keys start with {@code prefix}, from {@code from} (inclusive) in key order. */
    <V> List<KeyValue<String, V>> scan(TableDefinition<String, V> table, String prefix, String from, int limit);
}
