package dev.o3.om.db;

import static org.assertj.core.api.Assertions.assertThat;

import dev.o3.om.testing.Namespace;
import dev.o3.proto.om.BucketInfo;
import dev.o3.proto.om.VolumeInfo;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class TestMutation {
    @TempDir
    Path directory;

    /** Below and above the number of writes a mutation finds by scanning before it indexes them. */
    @ParameterizedTest
    @ValueSource(ints = {3, 40})
    void readsItsOwnLastWriteOfEachRowAndPublishesOnlyThat(int rows) throws Exception {
        try (Namespace namespace = new Namespace(directory)) {
            EntryWrites entry = namespace.store().begin(1, namespace.lastIndex() + 1);
            Mutation mutation = entry.next();
            for (int i = 0; i < rows; i++) {
                mutation.put(OmSchema.VOLUMES, "/v" + i, volume("first-" + i));
                mutation.put(OmSchema.BUCKETS, "/v" + i, bucketTableRowWithTheSameKey());
            }
            for (int i = 0; i < rows; i += 2) {
                mutation.put(OmSchema.VOLUMES, "/v" + i, volume("second-" + i));
            }
            mutation.delete(OmSchema.VOLUMES, "/v1");

            assertThat(mutation.get(OmSchema.VOLUMES, "/v0")).contains(volume("second-0"));
            assertThat(mutation.get(OmSchema.VOLUMES, "/v1")).isEmpty();
            assertThat(mutation.get(OmSchema.VOLUMES, "/v2")).contains(volume("second-2"));
            assertThat(mutation.get(OmSchema.BUCKETS, "/v1")).isPresent();
            assertThat(mutation.get(OmSchema.VOLUMES, "/absent")).isEmpty();
            assertThat(namespace.store().get(OmSchema.VOLUMES, "/v0"))
                    .as("not visible before it is published")
                    .isEmpty();

            List<CachedWrite<?>> published = mutation.publish();

            assertThat(published).as("one write per row").hasSize(2 * rows);
            for (int i = 0; i < rows; i++) {
                assertThat(namespace.store().get(OmSchema.VOLUMES, "/v" + i))
                        .isEqualTo(
                                i == 1
                                        ? Optional.empty()
                                        : Optional.of(volume((i % 2 == 0 ? "second-" : "first-") + i)));
                assertThat(namespace.store().get(OmSchema.BUCKETS, "/v" + i)).isPresent();
            }
        }
    }

    private static VolumeInfo volume(String owner) {
        return VolumeInfo.newBuilder().setOwner(owner).build();
    }

    private static BucketInfo bucketTableRowWithTheSameKey() {
        return BucketInfo.getDefaultInstance();
    }
}
