package dev.o3.om.db;

import static dev.o3.om.testing.Namespace.ADMIN;
import static org.assertj.core.api.Assertions.assertThat;

import dev.o3.om.testing.Namespace;
import dev.o3.proto.hdds.BlockId;
import dev.o3.proto.hdds.BlockLocation;
import dev.o3.proto.om.BucketLayout;
import dev.o3.proto.om.CommitKeyRequest;
import dev.o3.proto.om.CreateKeyRequest;
import dev.o3.proto.om.DeleteKeyRequest;
import dev.o3.proto.om.KeyInfo;
import dev.o3.proto.om.OmStatus;
import java.nio.file.Path;
import java.util.Optional;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TestFlushedRowCache {
    @TempDir
    Path directory;

    @Test
    void keepsWhatWasReadUntilADeleteOfTheKeyIsFlushed() {
        FlushedRowCache<String> cache = new FlushedRowCache<>(1024);
        cache.put("a", Optional.of("first"), cache.stamp("a"));
        assertThat(cache.get("a")).contains("first");
        assertThat(cache.get("b")).isNull();

        cache.flushed("a", Optional.empty());

        assertThat(cache.get("a")).isNull();
    }

    @Test
    void keepsAFlushedRowInsteadOfWhatWasReadBefore() {
        FlushedRowCache<String> cache = new FlushedRowCache<>(1024);
        long stamp = cache.stamp("a");
        cache.put("a", Optional.of("read"), stamp);

        cache.flushed("a", Optional.of("written"));
        assertThat(cache.get("a")).contains("written");

        cache.put("a", Optional.of("read before the flush"), stamp);
        assertThat(cache.get("a")).contains("written");
    }

    @Test
    void remembersAbsentRows() {
        FlushedRowCache<String> cache = new FlushedRowCache<>(1024);
        cache.put("a", Optional.empty(), cache.stamp("a"));

        assertThat(cache.get("a")).isEmpty();
        cache.flushed("a", Optional.empty());
        assertThat(cache.get("a")).isNull();
    }

    @Test
    void aRowReadBeforeAFlushedWriteLeftTheOverlayIsNotCached() {
        FlushedRowCache<String> cache = new FlushedRowCache<>(1024);
        long stamp = cache.stamp("a");
        // Meanwhile a delete of "a" is flushed and leaves the overlay: what the reader got may be older.
        cache.flushed("a", Optional.empty());

        cache.put("a", Optional.of("maybe stale"), stamp);

        assertThat(cache.get("a")).isNull();
        cache.put("a", Optional.of("current"), cache.stamp("a"));
        assertThat(cache.get("a")).contains("current");
    }

    @Test
    void twoKeysSharingTheirFirstSlotAreBothKept() {
        FlushedRowCache<String> cache = new FlushedRowCache<>(64);
        String key = "key-0";
        String other = sharingFirstSlotWith(key, cache);
        cache.put(key, Optional.of("1"), cache.stamp(key));
        cache.put(other, Optional.of("2"), cache.stamp(other));

        assertThat(cache.get(key)).contains("1");
        assertThat(cache.get(other)).contains("2");
    }

    @Test
    void holdsNoMoreRowsThanItHasSlots() {
        FlushedRowCache<String> cache = new FlushedRowCache<>(64);
        for (int i = 0; i < 1000; i++) {
            cache.put("key-" + i, Optional.of("v"), cache.stamp("key-" + i));
        }

        long cached = IntStream.range(0, 1000)
                .filter(i -> cache.get("key-" + i) != null)
                .count();
        assertThat(cached).isBetween(32L, 64L);
    }

    @Test
    void lookupsSeeCreatesOverwritesAndDeletesOfKeysTheyHadCached() throws Exception {
        try (Namespace namespace = new Namespace(directory)) {
            namespace.volume("vol");
            namespace.bucket("vol", "bucket", BucketLayout.OBJECT_STORE);
            String row = RowKeys.key("vol", "bucket", "key");
            assertThat(namespace.store().get(OmSchema.KEYS, row)).isEmpty();
            assertThat(namespace.store().get(OmSchema.KEYS, row))
                    .as("absent, now from the cache")
                    .isEmpty();
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

    @Test
    void keepsTheRowsTheFlusherWroteButNotTheOnesItDeleted() throws Exception {
        try (Namespace namespace = new Namespace(directory)) {
            namespace.volume("vol");
            namespace.bucket("vol", "bucket", BucketLayout.OBJECT_STORE);
            BlockLocation block = BlockLocation.newBuilder()
                    .setBlockId(BlockId.newBuilder().setContainerId(1).setLocalId(1))
                    .setLength(1)
                    .build();
            assertThat(namespace
                            .apply(ADMIN, t -> t.setClientId(7)
                                    .addAllocatedBlocks(block)
                                    .setCreateKey(CreateKeyRequest.newBuilder()
                                            .setVolume("vol")
                                            .setBucket("bucket")
                                            .setName("key")
                                            .setSize(1)))
                            .hasError())
                    .isFalse();
            namespace.awaitFlushed();
            CachedTable<?> openKeys = namespace.store().table(OmSchema.OPEN_KEYS);
            String openKey = RowKeys.openKey("vol", "bucket", "key", 7);
            assertThat(openKeys.cachedCount())
                    .as("flushed rows leave the overlay")
                    .isZero();
            assertThat(openKeys.keepsParsed(openKey)).as("kept for the commit").isTrue();

            assertThat(namespace.status(
                            ADMIN,
                            t -> t.setCommitKey(CommitKeyRequest.newBuilder()
                                    .setVolume("vol")
                                    .setBucket("bucket")
                                    .setName("key")
                                    .setClientId(7)
                                    .setSize(1)
                                    .addBlocks(block))))
                    .isEqualTo(OmStatus.OK);
            namespace.awaitFlushed();

            assertThat(openKeys.keepsParsed(openKey))
                    .as("the commit deleted it")
                    .isFalse();
            assertThat(namespace.store().table(OmSchema.KEYS).keepsParsed(RowKeys.key("vol", "bucket", "key")))
                    .isTrue();
        }
    }

    private static Optional<Long> size(Optional<KeyInfo> key) {
        return key.map(KeyInfo::getSize);
    }

    /** The first of key-1, key-2, ... whose first slot is {@code key}'s and whose second is not. */
    private static String sharingFirstSlotWith(String key, FlushedRowCache<String> cache) {
        int hash = key.hashCode();
        for (int i = 1; ; i++) {
            int candidate = ("key-" + i).hashCode();
            if (cache.first(candidate) == cache.first(hash) && cache.second(candidate) != cache.first(hash)) {
                return "key-" + i;
            }
        }
    }
}
