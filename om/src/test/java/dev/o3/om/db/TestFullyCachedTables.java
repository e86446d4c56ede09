package dev.o3.om.db;

import static dev.o3.om.testing.Namespace.ADMIN;
import static org.assertj.core.api.Assertions.assertThat;

import dev.o3.om.testing.Namespace;
import dev.o3.proto.om.BucketLayout;
import dev.o3.proto.om.DeleteVolumeRequest;
import dev.o3.proto.om.OmStatus;
import dev.o3.proto.om.RetryCacheRecord;
import dev.o3.server.db.Database;
import dev.o3.server.db.KeyValue;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TestFullyCachedTables {
    @TempDir
    Path directory;

    @Test
    void volumesAndBucketsStayInMemoryAfterTheFlushAndAreLoadedAtOpen() throws Exception {
        try (Namespace namespace = new Namespace(directory)) {
            namespace.volume("kept");
            namespace.volume("dropped");
            namespace.bucket("kept", "bucket", BucketLayout.OBJECT_STORE);
            assertThat(namespace.key("kept", "bucket", "key", 1)).isEqualTo(OmStatus.OK);
            assertThat(namespace.status(
                            ADMIN,
                            t -> t.setDeleteVolume(
                                    DeleteVolumeRequest.newBuilder().setName("dropped"))))
                    .isEqualTo(OmStatus.OK);
            namespace.awaitFlushed();

            OmStore store = namespace.store();
            assertThat(store.table(OmSchema.VOLUMES).cachedCount())
                    .as("flushed volumes stay, the deleted one is gone")
                    .isEqualTo(1);
            assertThat(store.table(OmSchema.KEYS).cachedCount())
                    .as("keys leave the cache once flushed")
                    .isZero();
        }
        try (Namespace reopened = new Namespace(directory)) {
            OmStore store = reopened.store();
            assertThat(store.table(OmSchema.VOLUMES).cachedCount()).isEqualTo(1);
            assertThat(store.table(OmSchema.BUCKETS).cachedCount()).isEqualTo(1);
            assertThat(store.get(OmSchema.VOLUMES, RowKeys.volume("kept"))).isPresent();
            assertThat(store.get(OmSchema.VOLUMES, RowKeys.volume("dropped"))).isEmpty();
            assertThat(store.scan(OmSchema.VOLUMES, "", "", 10))
                    .extracting(KeyValue::key)
                    .containsExactly(RowKeys.volume("kept"));
            assertThat(store.get(OmSchema.KEYS, RowKeys.key("kept", "bucket", "key")))
                    .as("keys are read from RocksDB")
                    .isPresent();
        }
    }

    @Test
    void aHashedTableScansItsLiveRowsInKeyOrder() {
        try (Database database = Database.open(directory.resolve("db"), OmSchema.SCHEMA)) {
            CachedTable<RetryCacheRecord> table =
                    new CachedTable<>(database.table(OmSchema.RETRY_CACHE), true, false, 0);
            for (String key : List.of("b3", "a1", "b\uffff", "b1", "c1", "b2", "b\ud83d\ude00", "b4")) {
                table.applyToCache(key, Optional.of(RetryCacheRecord.getDefaultInstance()), 1);
            }
            table.applyToCache("b4", Optional.empty(), 2);

            assertThat(table.scan("b", "b2", 10))
                    .extracting(KeyValue::key)
                    .containsExactly("b2", "b3", "b\uffff", "b\ud83d\ude00");
            assertThat(table.scan("b", "b", 2)).extracting(KeyValue::key).containsExactly("b1", "b2");
            assertThat(table.get("b4")).isEmpty();
        }
    }
}
