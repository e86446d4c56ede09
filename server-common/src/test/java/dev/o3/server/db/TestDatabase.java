package dev.o3.server.db;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TestDatabase {
    private static final TableDefinition<String, String> NAMES =
            new TableDefinition<>("names", Codecs.STRING, Codecs.STRING);
    private static final TableDefinition<Long, String> SEQUENCE =
            new TableDefinition<>("sequence", Codecs.LONG, Codecs.STRING);
    private static final DbSchema SCHEMA = new DbSchema("test", List.of(NAMES, SEQUENCE));

    @TempDir
    Path directory;

    private int openBefore;

    @BeforeEach
    void recordOpenDatabases() {
        openBefore = Database.openCount();
    }

    @AfterEach
    void nothingLeaked() {
        assertThat(Database.openCount()).isEqualTo(openBefore);
    }

    @Test
    void putGetDeleteAcrossTables() {
        try (Database db = Database.open(directory, SCHEMA)) {
            Table<String, String> names = db.table(NAMES);
            names.put("vol1", "owner-a");

            assertThat(names.get("vol1")).contains("owner-a");
            assertThat(db.table(SEQUENCE).isEmpty()).isTrue();

            names.delete("vol1");
            assertThat(names.get("vol1")).isEmpty();
        }
    }

    @Test
    void longKeysIterateInNumericOrderIncludingNegatives() {
        try (Database db = Database.open(directory, SCHEMA)) {
            Table<Long, String> table = db.table(SEQUENCE);
            for (long id : new long[] {300, -5, 7, Long.MAX_VALUE, 0}) {
                table.put(id, "v" + id);
            }

            assertThat(table.all()).extracting(KeyValue::key).containsExactly(-5L, 0L, 7L, 300L, Long.MAX_VALUE);
            assertThat(table.lastKey()).contains(Long.MAX_VALUE);
        }
    }

    @Test
    void scanStartsAtKeyAndStopsAtPrefixEndAndLimit() {
        try (Database db = Database.open(directory, SCHEMA)) {
            Table<String, String> names = db.table(NAMES);
            for (String key : List.of("a/1", "b/1", "b/2", "b/3", "c/1")) {
                names.put(key, key.toUpperCase(java.util.Locale.ROOT));
            }

            assertThat(names.scan(Optional.of("b/"), 10, key -> key.startsWith("b/")))
                    .extracting(KeyValue::key)
                    .containsExactly("b/1", "b/2", "b/3");
            assertThat(names.scan(Optional.of("b/2"), 2, key -> true))
                    .extracting(KeyValue::value)
                    .containsExactly("B/2", "B/3");
        }
    }

    @Test
    void batchIsAtomicAndSurvivesReopen() {
        try (Database db = Database.open(directory, SCHEMA);
                Batch batch = db.newBatch()) {
            db.table(NAMES).put(batch, "k1", "v1");
            db.table(SEQUENCE).put(batch, 1L, "one");
            db.table(NAMES).delete(batch, "absent");
            assertThat(db.table(NAMES).get("k1"))
                    .as("not visible before commit")
                    .isEmpty();

            db.commit(batch);
            assertThat(batch.size()).isEqualTo(3);
        }
        try (Database db = Database.open(directory, SCHEMA)) {
            assertThat(db.table(NAMES).get("k1")).contains("v1");
            assertThat(db.table(SEQUENCE).get(1L)).contains("one");
        }
    }

    @Test
    void unsyncedCommitIsVisibleAtOnceAndSyncedOnlyByTheNextSync() {
        try (Database db = Database.open(directory, SCHEMA)) {
            long before = db.syncs();
            try (Batch batch = db.newBatch()) {
                db.table(NAMES).put(batch, "k1", "v1");
                db.commitWithoutSync(batch);
            }
            assertThat(db.table(NAMES).get("k1")).contains("v1");
            assertThat(db.syncs()).as("no fsync for an unsynced commit").isEqualTo(before);

            db.syncWal();
            assertThat(db.syncs()).isEqualTo(before + 1);
            try (Batch batch = db.newBatch()) {
                db.table(NAMES).put(batch, "k2", "v2");
                db.commit(batch);
            }
            assertThat(db.syncs()).isEqualTo(before + 2);
        }
        try (Database db = Database.open(directory, SCHEMA)) {
            assertThat(db.table(NAMES).get("k1")).contains("v1");
        }
    }

    @Test
    void checkpointIsAConsistentCopy() {
        Path copy = directory.resolve("checkpoint");
        try (Database db = Database.open(directory.resolve("db"), SCHEMA)) {
            db.table(NAMES).put("before", "yes");
            db.checkpoint(copy);
            db.table(NAMES).put("after", "yes");
        }
        try (Database db = Database.open(copy, SCHEMA)) {
            assertThat(db.table(NAMES).get("before")).contains("yes");
            assertThat(db.table(NAMES).get("after")).isEmpty();
        }
    }

    @Test
    void logBackedDatabaseRefusesDurableWalWritesAndFlushesOnClose() {
        try (Database db = Database.openLogBacked(directory, SCHEMA, 0)) {
            try (Batch batch = db.newBatch()) {
                db.table(NAMES).put(batch, "k1", "v1");
                db.table(SEQUENCE).put(batch, 1L, "one");
                db.commitWithoutSync(batch);
            }
            assertThat(db.table(NAMES).get("k1")).contains("v1");
            try (Batch batch = db.newBatch()) {
                assertThatThrownBy(() -> db.commit(batch))
                        .isInstanceOf(IllegalStateException.class)
                        .hasMessageContaining("log-backed");
            }
            assertThatThrownBy(db::syncWal).isInstanceOf(IllegalStateException.class);
        }
        try (Database db = Database.openLogBacked(directory, SCHEMA, 0)) {
            assertThat(db.table(NAMES).get("k1")).contains("v1");
            assertThat(db.table(SEQUENCE).get(1L)).contains("one");
        }
    }

    @Test
    void crashOfALogBackedDatabaseKeepsEveryTableAtItsLastFlush() throws IOException {
        Path live = directory.resolve("db");
        Path crashed = directory.resolve("crashed");
        try (Database db = Database.openLogBacked(live, SCHEMA, 1 << 20)) {
            commitBoth(db, "flushed", 1L);
            db.checkpoint(directory.resolve("checkpoint"));
            commitBoth(db, "memtable only", 2L);
            // The files as a kill -9 now would leave them: no WAL holds the second batch.
            copyFiles(live, crashed);
        }
        try (Database db = Database.openLogBacked(crashed, SCHEMA, 1 << 20)) {
            assertThat(db.table(NAMES).get("flushed")).contains("yes");
            assertThat(db.table(SEQUENCE).get(1L)).contains("yes");
            assertThat(db.table(NAMES).get("memtable only")).isEmpty();
            assertThat(db.table(SEQUENCE).get(2L)).isEmpty();
        }
    }

    private static void commitBoth(Database db, String name, long number) {
        try (Batch batch = db.newBatch()) {
            db.table(NAMES).put(batch, name, "yes");
            db.table(SEQUENCE).put(batch, number, "yes");
            db.commitWithoutSync(batch);
        }
    }

    private static void copyFiles(Path from, Path to) throws IOException {
        Files.createDirectories(to);
        try (Stream<Path> files = Files.list(from)) {
            for (Path file : files.toList()) {
                try {
                    Files.copy(file, to.resolve(file.getFileName()));
                } catch (NoSuchFileException e) {
                    // RocksDB deleted an obsolete file meanwhile; a crash would not have left it either.
                }
            }
        }
    }

    @Test
    void secondOpenOfTheSameDirectoryFailsClearly() {
        try (Database db = Database.open(directory, SCHEMA)) {
            assertThat(db.directory()).isEqualTo(directory);
            assertThatThrownBy(() -> Database.open(directory, SCHEMA))
                    .isInstanceOf(DbException.class)
                    .hasMessageContaining("cannot open test database");
        }
    }

    @Test
    void tableOutsideTheSchemaIsRejected() {
        try (Database db = Database.open(directory, SCHEMA)) {
            TableDefinition<String, String> other = new TableDefinition<>("other", Codecs.STRING, Codecs.STRING);

            assertThatThrownBy(() -> db.table(other)).isInstanceOf(IllegalArgumentException.class);
        }
    }
}
