package dev.o3.datanode.cache;

import dev.o3.common.checksum.ChecksumMismatchException;
import dev.o3.common.container.ChunkChecksums;
import dev.o3.datanode.cache.CacheCounters.Counter;
import dev.o3.datanode.container.Container;
import dev.o3.datanode.container.ContainerResultException;
import dev.o3.datanode.container.ContainerSet;
import dev.o3.datanode.container.ReplicaState;
import dev.o3.datanode.read.ChunkSource;
import dev.o3.proto.container.BlockData;
import dev.o3.proto.hdds.ChunkInfo;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The SSD read cache in front of the data volume, for client reads of closed containers. A chunk is served wholly
 * from cached pages or wholly from the volume, never a mix; cached data is checked against its page CRCs and the
 * chunk's committed checksums, and any cache error falls back to the volume: a corrupt or missing page is dropped,
 * an I/O error of the device disables the cache ({@link CacheMode#FAILED}). A miss asks the {@link AdmissionPolicy}
 * and, if admitted, the chunk's pages are written in the background from the data just read. Deleted blocks and
 * containers drop their pages. Other readers (scanner, replication) read the volume directly. Thread-safe.
 *
 * <p>Lifecycle: {@link #open}, {@link #close()}. At start the pages on the device whose blocks are still committed
 * with the same BCSID in a closed container are kept; the rest are deleted.
 */
public final class ReadCache implements ChunkSource, ContainerSet.Listener, AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(ReadCache.class);

    private final String logPrefix;
    private final CacheSettings settings;
    private final ContainerSet containers;
    private final ChunkSource volume;
    private final PageFiles files;
    private final PageIndex index;
    private final AdmissionPolicy policy;
    private final PageWriter writer;
    private final CacheCounters counters = new CacheCounters();
    /** Changes whenever the index is cleared, so a write queued before is not added after. */
    private final AtomicLong epoch = new AtomicLong();

    private volatile CacheMode mode;
    private volatile String reason = "";

    private ReadCache(String logPrefix, CacheSettings settings, ContainerSet containers, ChunkSource volume) {
        this.logPrefix = Objects.requireNonNull(logPrefix, "logPrefix is null");
        this.settings = Objects.requireNonNull(settings, "settings is null");
        this.containers = Objects.requireNonNull(containers, "containers is null");
        this.volume = Objects.requireNonNull(volume, "volume is null");
        this.files = settings.dir().map(PageFiles::new).orElse(null);
        this.index = new PageIndex(
                Math.max(0, settings.capacity()), this::deleteFile, () -> counters.increment(Counter.EVICTIONS));
        this.policy = settings.newPolicy();
        this.writer = new PageWriter(logPrefix);
        this.mode = CacheMode.DISABLED;
    }

    /**
     * Opens the cache: without a configured directory and size it stays disabled and every read goes to the volume.
     * Listens to {@code containers} for deleted blocks and containers.
     *
     * @param volume where chunks come from on a miss
     */
    public static ReadCache open(
            String logPrefix, CacheSettings settings, ContainerSet containers, ChunkSource volume) {
        ReadCache cache = new ReadCache(logPrefix, settings, containers, volume);
        containers.addListener(cache);
        if (!settings.configured()) {
            cache.reason = "not configured (hdds.datanode.cache.dir, hdds.datanode.cache.size)";
            return cache;
        }
        cache.start(settings.mode());
        return cache;
    }

    private synchronized void start(CacheMode initial) {
        try {
            files.probe();
            if (initial == CacheMode.ENABLED) {
                restore();
            } else {
                files.wipe();
            }
            mode = initial;
            reason = initial == CacheMode.DISABLED ? "disabled by configuration" : "";
            LOG.info(
                    "[{}] SSD read cache {} on {}: {} bytes, {} pages kept, pages of {} bytes, admission {}",
                    logPrefix,
                    mode,
                    files.root(),
                    settings.capacity(),
                    index.pageCount(),
                    settings.pageSize(),
                    policy);
        } catch (IOException | RuntimeException e) {
            fail(e);
        }
    }

    /** Keeps the pages on the device whose chunk is still committed in a closed container; deletes the others. */
    private void restore() throws IOException {
        int dropped = 0;
        for (PageFiles.Found found : files.scan()) {
            if (stillCommitted(found.key()) && index.add(found.key(), new PageIndex.Page(found.file(), size(found)))) {
                continue;
            }
            files.delete(found.file());
            dropped++;
        }
        index.cleanUp();
        if (dropped > 0) {
            LOG.info("[{}] SSD read cache: {} stale pages deleted at start", logPrefix, dropped);
        }
    }

    private static int size(PageFiles.Found found) {
        return PageFiles.HEADER + found.length();
    }

    private boolean stillCommitted(PageKey key) {
        ChunkKey chunk = key.chunk();
        Optional<Container> container = containers.find(chunk.containerId());
        if (container.isEmpty() || container.get().state() != ReplicaState.CLOSED) {
            return false;
        }
        try {
            BlockData block = container.get().block(chunk.localId());
            return block.getBlockId().getBlockCommitSequenceId() == chunk.bcsid()
                    && block.getChunksList().stream()
                            .anyMatch(info -> info.getOffset() == chunk.chunkOffset()
                                    && key.index() < pageCount(info.getLength()));
        } catch (ContainerResultException e) {
            return false;
        }
    }

    @Override
    public ByteBuffer readChunk(Container container, BlockData block, ChunkInfo chunk) throws ContainerResultException {
        CacheMode current = mode;
        if (!current.active() || container.state() != ReplicaState.CLOSED) {
            return volume.readChunk(container, block, chunk);
        }
        ChunkKey key = ChunkKey.of(container.id(), block, chunk);
        int pages = pageCount(chunk.getLength());
        policy.recordRead(key);
        Optional<List<PageIndex.Page>> cached = cachedPages(key, pages);
        if (cached.isPresent()) {
            if (current == CacheMode.SHADOW) {
                hit(cached.get(), chunk.getLength());
                return volume.readChunk(container, block, chunk);
            }
            Optional<ByteBuffer> data = readPages(key, chunk, cached.get());
            if (data.isPresent()) {
                hit(cached.get(), chunk.getLength());
                return data.get();
            }
        }
        ByteBuffer data = volume.readChunk(container, block, chunk);
        counters.increment(Counter.MISSES);
        counters.add(Counter.BYTES_FROM_VOLUME, chunk.getLength());
        if (policy.admit(key, chunk.getLength(), index)) {
            admit(container, key, data, pages, current);
        } else {
            counters.increment(Counter.REJECTIONS);
        }
        return data;
    }

    private void hit(List<PageIndex.Page> pages, long bytes) {
        counters.increment(Counter.HITS);
        counters.add(Counter.BYTES_FROM_CACHE, bytes);
        for (PageIndex.Page page : pages) {
            if (page.reused().compareAndSet(false, true)) {
                counters.increment(Counter.PAGES_REUSED);
            }
        }
    }

    /** All pages of the chunk, or empty when one is not cached. */
    private Optional<List<PageIndex.Page>> cachedPages(ChunkKey key, int pages) {
        List<PageIndex.Page> found = new ArrayList<>(pages);
        for (int i = 0; i < pages; i++) {
            Optional<PageIndex.Page> page = index.get(key.page(i));
            if (page.isEmpty()) {
                return Optional.empty();
            }
            found.add(page.get());
        }
        return Optional.of(found);
    }

    /** The chunk assembled from its pages and verified, or empty (pages dropped) when any page fails. */
    private Optional<ByteBuffer> readPages(ChunkKey key, ChunkInfo chunk, List<PageIndex.Page> pages) {
        ByteBuffer data = ByteBuffer.allocate(Math.toIntExact(chunk.getLength()));
        try {
            for (int i = 0; i < pages.size(); i++) {
                PageIndex.Page page = pages.get(i);
                if (page.file() == null) {
                    return Optional.empty();
                }
                data.put(files.read(page.file(), key.page(i), pageLength(chunk.getLength(), i)));
            }
            data.flip();
            ChunkChecksums.verify(chunk, data.duplicate());
            return Optional.of(data);
        } catch (NoSuchFileException e) {
            counters.increment(Counter.MISSING_PAGES);
        } catch (CorruptPageException | ChecksumMismatchException e) {
            counters.increment(Counter.CORRUPT_PAGES);
            LOG.warn("[{}] SSD read cache: dropped corrupt pages of {}: {}", logPrefix, key, e.getMessage());
        } catch (IOException | RuntimeException e) {
            fail(e);
            return Optional.empty();
        }
        index.dropChunk(key, pages.size());
        return Optional.empty();
    }

    private void admit(Container container, ChunkKey key, ByteBuffer data, int pages, CacheMode current) {
        long admittedIn = epoch.get();
        if (current == CacheMode.SHADOW) {
            counters.increment(Counter.ADMISSIONS);
            for (int i = 0; i < pages; i++) {
                int length = pageLength(data.remaining(), i);
                if (index.add(key.page(i), new PageIndex.Page(null, PageFiles.HEADER + length))) {
                    counters.increment(Counter.PAGES_ADMITTED);
                }
            }
            return;
        }
        ByteBuffer copy = data.asReadOnlyBuffer();
        if (writer.submit(key, () -> writePages(container, key, copy, pages, admittedIn))) {
            counters.increment(Counter.ADMISSIONS);
        } else {
            counters.increment(Counter.REJECTIONS);
        }
    }

    private void writePages(Container container, ChunkKey key, ByteBuffer data, int pages, long admittedIn) {
        try {
            for (int i = 0; i < pages; i++) {
                PageKey page = key.page(i);
                if (mode != CacheMode.ENABLED || epoch.get() != admittedIn) {
                    return;
                }
                if (index.contains(page)) {
                    continue;
                }
                int offset = i * settings.pageSize();
                ByteBuffer slice = data.duplicate()
                        .position(offset)
                        .limit(offset + pageLength(data.capacity(), i))
                        .slice();
                Path file = files.write(page, slice);
                counters.add(Counter.BYTES_WRITTEN, PageFiles.HEADER + slice.remaining());
                if (index.add(page, new PageIndex.Page(file, PageFiles.HEADER + slice.remaining()))) {
                    counters.increment(Counter.PAGES_ADMITTED);
                } else {
                    files.delete(file);
                }
            }
            // A delete or mode change that ran meanwhile may have missed these pages: drop them now.
            if (epoch.get() != admittedIn
                    || containers.find(key.containerId()).orElse(null) != container
                    || !stillCommitted(key.page(0))) {
                index.dropChunk(key, pages);
            }
        } catch (IOException | RuntimeException e) {
            fail(e);
        }
    }

    @Override
    public void blockDeleted(long containerId, long localId) {
        index.dropBlock(containerId, localId);
    }

    @Override
    public void containerRemoved(long containerId) {
        index.dropContainer(containerId);
    }

    /**
     * Switches the mode at runtime (enabled, shadow or disabled); leaving enabled or shadow drops every page.
     *
     * @throws IllegalStateException when no cache is configured, or the directory cannot take pages
     * @throws IllegalArgumentException for FAILED
     */
    public synchronized CacheStatus setMode(CacheMode target) {
        if (target == CacheMode.FAILED) {
            throw new IllegalArgumentException("mode must be enabled, shadow or disabled");
        }
        if (!settings.configured()) {
            throw new IllegalStateException("no SSD read cache is configured on this datanode: set "
                    + "hdds.datanode.cache.dir and hdds.datanode.cache.size");
        }
        if (target == mode) {
            return status();
        }
        if (target == CacheMode.ENABLED) {
            try {
                files.probe();
            } catch (IOException | RuntimeException e) {
                throw new IllegalStateException(
                        "cache dir " + settings.dir().orElseThrow() + " cannot take pages: " + e, e);
            }
        }
        clear();
        CacheMode previous = mode;
        mode = target;
        reason = target == CacheMode.DISABLED ? "disabled by an operator" : "";
        LOG.info("[{}] SSD read cache: {} -> {}", logPrefix, previous, target);
        return status();
    }

    public CacheMode mode() {
        return mode;
    }

    /** Disables the cache after a device error; the read that met it goes to the volume. */
    private synchronized void fail(Exception e) {
        counters.increment(Counter.DEVICE_ERRORS);
        if (mode == CacheMode.FAILED) {
            return;
        }
        mode = CacheMode.FAILED;
        reason = "cache device error: " + e;
        LOG.error("[{}] SSD read cache disabled: device error", logPrefix, e);
        clear();
    }

    private void clear() {
        epoch.incrementAndGet();
        index.clear();
    }

    private void deleteFile(PageIndex.Page page) {
        if (page.file() != null) {
            files.delete(page.file());
        }
    }

    /** The current state and counters. */
    public CacheStatus status() {
        index.cleanUp();
        long hits = counters.sum(Counter.HITS);
        long misses = counters.sum(Counter.MISSES);
        long admitted = counters.sum(Counter.PAGES_ADMITTED);
        long reused = counters.sum(Counter.PAGES_REUSED);
        return new CacheStatus(
                mode.name(),
                reason,
                settings.dir().map(Path::toString).orElse(""),
                policy.toString(),
                settings.capacity(),
                index.usedBytes(),
                index.pageCount(),
                settings.pageSize(),
                hits,
                misses,
                hits + misses == 0 ? 0 : (double) hits / (hits + misses),
                counters.sum(Counter.BYTES_FROM_CACHE),
                counters.sum(Counter.BYTES_FROM_VOLUME),
                counters.sum(Counter.ADMISSIONS),
                counters.sum(Counter.REJECTIONS),
                counters.sum(Counter.EVICTIONS),
                counters.sum(Counter.BYTES_WRITTEN),
                admitted,
                reused,
                admitted == 0 ? 0 : (double) reused / admitted,
                counters.sum(Counter.CORRUPT_PAGES),
                counters.sum(Counter.MISSING_PAGES),
                counters.sum(Counter.DEVICE_ERRORS));
    }

    /** Exports the cache's metrics ({@link CacheMetrics}) on a registry. */
    public void exportMetrics(PrometheusRegistry registry) {
        CacheMetrics.register(registry, this::status);
    }

    /** Whether no page write is queued or running (tests). */
    boolean writesDone() {
        return writer.idle();
    }

    private int pageCount(long chunkLength) {
        return (int) Math.max(1, (chunkLength + settings.pageSize() - 1) / settings.pageSize());
    }

    private int pageLength(long chunkLength, int index) {
        return (int) Math.min(settings.pageSize(), chunkLength - (long) index * settings.pageSize());
    }

    @Override
    public void close() {
        writer.close();
    }
}
