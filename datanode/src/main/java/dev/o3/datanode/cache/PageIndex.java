package dev.o3.datanode.cache;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.Policy;
import com.github.benmanes.caffeine.cache.RemovalCause;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;

/**
 * The cached pages in memory: a Caffeine cache weighted by page bytes (its W-TinyLFU policy picks the victims), and a
 * block-to-pages map so that a block or container delete finds its pages without a scan. A page leaving the cache
 * (evicted or dropped) has its file deleted by the listener. Thread-safe.
 */
final class PageIndex implements AdmissionPolicy.CacheRoom {
    /**
     * A cached page.
     *
     * @param file its file, or null in shadow mode
     * @param bytes bytes it takes on the device (header included)
     * @param reused whether it was read since it was admitted
     */
    record Page(Path file, int bytes, AtomicBoolean reused) {
        Page(Path file, int bytes) {
            this(file, bytes, new AtomicBoolean());
        }
    }

    private final long capacity;
    private final Cache<PageKey, Page> pages;
    private final Policy.Eviction<PageKey, Page> eviction;
    private final Map<Long, Map<Long, Set<PageKey>>> byBlock = new ConcurrentHashMap<>();
    private final Consumer<Page> onRemoval;
    private final Runnable onEviction;

    /**
     * @param capacity bytes of pages kept at most
     * @param onRemoval called with every page that leaves the index (deletes its file)
     * @param onEviction called for every page evicted for room
     */
    PageIndex(long capacity, Consumer<Page> onRemoval, Runnable onEviction) {
        this.capacity = capacity;
        this.onRemoval = onRemoval;
        this.onEviction = onEviction;
        this.pages = Caffeine.newBuilder()
                .maximumWeight(capacity)
                .weigher((PageKey key, Page page) -> page.bytes())
                .executor(Runnable::run)
                .removalListener(this::removed)
                .build();
        this.eviction = pages.policy().eviction().orElseThrow();
    }

    /** Adds a page; false (and nothing changed) when the page is already there. */
    boolean add(PageKey key, Page page) {
        ChunkKey chunk = key.chunk();
        byBlock.computeIfAbsent(chunk.containerId(), id -> new ConcurrentHashMap<>())
                .computeIfAbsent(chunk.localId(), id -> ConcurrentHashMap.newKeySet())
                .add(key);
        return pages.asMap().putIfAbsent(key, page) == null;
    }

    /** The page, counted as an access by the eviction policy. */
    Optional<Page> get(PageKey key) {
        return Optional.ofNullable(pages.getIfPresent(key));
    }

    boolean contains(PageKey key) {
        return pages.asMap().containsKey(key);
    }

    /** Drops the pages of a chunk. */
    void dropChunk(ChunkKey chunk, int pageCount) {
        for (int i = 0; i < pageCount; i++) {
            pages.invalidate(chunk.page(i));
        }
    }

    /** Drops every page of a block (all its versions). */
    void dropBlock(long containerId, long localId) {
        Map<Long, Set<PageKey>> blocks = byBlock.get(containerId);
        Set<PageKey> keys = blocks == null ? null : blocks.remove(localId);
        if (keys != null) {
            pages.invalidateAll(keys);
        }
    }

    /** Drops every page of a container. */
    void dropContainer(long containerId) {
        Map<Long, Set<PageKey>> blocks = byBlock.remove(containerId);
        if (blocks != null) {
            blocks.values().forEach(pages::invalidateAll);
        }
    }

    /** Drops every page. */
    void clear() {
        pages.invalidateAll();
        pages.cleanUp();
        byBlock.clear();
    }

    /** Runs pending evictions now (tests and status). */
    void cleanUp() {
        pages.cleanUp();
    }

    long capacity() {
        return capacity;
    }

    long usedBytes() {
        return eviction.weightedSize().orElse(0);
    }

    long pageCount() {
        return pages.estimatedSize();
    }

    @Override
    public long freeBytes() {
        return Math.max(0, capacity - usedBytes());
    }

    @Override
    public Optional<ChunkKey> coldest() {
        return eviction.coldest(1).keySet().stream().findFirst().map(PageKey::chunk);
    }

    private void removed(PageKey key, Page page, RemovalCause cause) {
        if (key == null || page == null) {
            return;
        }
        if (cause.wasEvicted()) {
            onEviction.run();
        }
        Map<Long, Set<PageKey>> blocks = byBlock.get(key.chunk().containerId());
        Set<PageKey> keys = blocks == null ? null : blocks.get(key.chunk().localId());
        if (keys != null && !pages.asMap().containsKey(key)) {
            keys.remove(key);
        }
        onRemoval.accept(page);
    }
}
