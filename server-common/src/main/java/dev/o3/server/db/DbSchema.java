package dev.o3.server.db;

import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/** The tables of one database, declared once (e.g. OM's or SCM's schema class). */
public record DbSchema(String name, List<TableDefinition<?, ?>> tables) {
    public DbSchema {
        Objects.requireNonNull(name, "name is null");
        tables = List.copyOf(tables);
        Set<String> names = new HashSet<>();
        for (TableDefinition<?, ?> table : tables) {
            if (!names.add(table.name())) {
                throw new IllegalArgumentException("table declared twice in " + name + ": " + table.name());
            }
        }
    }
}
