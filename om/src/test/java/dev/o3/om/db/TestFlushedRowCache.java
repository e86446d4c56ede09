package dev.o3.om.db;

import static dev.o3.om.testing.Namespace.ADMIN;
import static org.assertj.core.api.Assertions.assertThat;

import dev.o3.om.testing.Namespace;
import dev.o3.proto.om.BucketLayout;
import dev.o3.proto.om.DeleteKeyRequest;
import dev.o3.proto.om.KeyInfo;
import dev.o3.proto.om.OmStatus;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TestFlushedRowCache {
    @TempDir
    Path directory;

    @Test
    void keepsWhatWasReadUntilTheKeyIsInvalidated() {
        FlushedRowCache<String> cache = new FlushedRowCache<>(1024);
        cache.put("a", "first", cache.stamp("a"));
        assertThat(cache.get("a")).isEqualTo("first");
        assertThat(cache.get("b")).isNull();

        cache.invalidate("a");

        assertThat(cache.get("a")).isNull();
    }

    @Test
    void aRowReadBeforeAFlushedWriteLeftTheOverlayIsNotCached() {
        FlushedRowCache<String> cache = new FlushedRowCache<>(1024);
        long stamp = cache.stamp("a");
        // Meanwhile a write of "a" is flushed and leaves the overlay: what the reader got may be older.
        cache.invalidate("a");

        cache.put("a", "maybe stale", stamp);

        assertThat(cache.get("a")).isNull();
        cache.put("a", "current", cache.stamp("a"));
        assertThat(cache.get("a")).isEqualTo("current");
    }

    @Test
    void aKeyDisplacesAnotherInItsSlot() {
        FlushedRowCache<String> cache = new FlushedRowCache<>(64);
        String first = "key-0";
        String other = collidingWith(first, cache);
        cache.put(first, "1", cache.stamp(first));
        cache.put(other, "2", cache.stamp(other));

        assertThat(cache.get(first)).isNull();
        assertThat(cache.get(other)).isEqualTo("2");
    }

    @Test
    void lookupsSeeOverwritesAndDeletesOfKeysTheyHadCached() throws Exception {
        try (Namespace namespace = new Namespace(directory)) {
            namespace.volume("vol");
            namespace.bucket("vol", "bucket", BucketLayout.OBJECT_STORE);
            String row = RowKeys.key("vol", "bucket", "key");
            assertThat(namespace.key("vol", "bucket", "key", 1)).isEqualTo(OmStatus.OK);
            namespace.awaitFlushed();
            assertThat(size(namespace.store().get(OmSchema.KEYS, row))).contains(1L);
            assertThat(size(namespace.store().get(OmSchema.KEYS, row)))
                    .as("now from the cache")
                    .contains(1L);

            assertThat(namespace.key("vol", "bucket", "key", 2)).isEqualTo(OmStatus.OK);
            namespace.awaitFlushed();
            assertThat(size(namespace.store().get(OmSchema.KEYS, row))).contains(2L);

            assertThat(namespace.status(
                            ADMIN,
                            t -> t.setDeleteKey(DeleteKeyRequest.newBuilder()
                                    .setVolume("vol")
                                    .setBucket("bucket")
                                    .setName("key"))))
                    .isEqualTo(OmStatus.OK);
            namespace.awaitFlushed();
            assertThat(namespace.store().get(OmSchema.KEYS, row)).isEmpty();
        }
    }

    private static Optional<Long> size(Optional<KeyInfo> key) {
        return key.map(KeyInfo::getSize);
    }

    /** A key whose slot is {@code key}'s: the first of key-1, key-2, ... that collides. */
    private static String collidingWith(String key, FlushedRowCache<String> cache) {
        cache.put(key, "probe", cache.stamp(key));
        for (int i = 1; ; i++) {
            String candidate = "key-" + i;
            cache.put(candidate, "probe", cache.stamp(candidate));
            if (cache.get(key) == null) {
                cache.invalidate(candidate);
                return candidate;
            }
        }
    }
}
