package dev.o3.om.db;

import static dev.o3.om.testing.Namespace.ADMIN;
import static org.assertj.core.api.Assertions.assertThat;

import dev.o3.common.db.KeyValue;
import dev.o3.om.testing.Namespace;
import dev.o3.proto.om.BucketLayout;
import dev.o3.proto.om.DeleteVolumeRequest;
import dev.o3.proto.om.OmStatus;
import java.nio.file.Path;
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
}
