package dev.o3.datanode.cache;

import static org.assertj.core.api.Assertions.assertThat;

import dev.o3.datanode.container.Container;
import dev.o3.proto.container.BlockData;
import dev.o3.proto.hdds.ChunkInfo;
import dev.o3.server.metrics.MetricScheme;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import io.prometheus.metrics.model.snapshots.CounterSnapshot;
import io.prometheus.metrics.model.snapshots.MetricSnapshots;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** The SSD read cache over real volumes and a real cache directory: hits, fallbacks, deletes, modes, restart. */
@Timeout(60)
class TestReadCache {
    @TempDir
    Path base;

    private CacheFixture fixture;
    private ReadCache cache;
    private Container container;
    private BlockData block;

    @BeforeEach
    void setUp() throws Exception {
        fixture = new CacheFixture(base);
        container = fixture.open(1);
        block = fixture.writeBlock(container, 1, 2);
        CacheFixture.close(container);
    }

    @AfterEach
    void tearDown() {
        if (cache != null) {
            cache.close();
        }
        fixture.close();
    }

    @Test
    void anAdmittedChunkIsServedFromItsPagesWithTheSameBytes() throws Exception {
        cache = fixture.cache(1 << 20, CacheMode.ENABLED);
        ChunkInfo chunk = block.getChunks(1);
        byte[] expected = fixture.expected(container, block, chunk);

        assertThat(read(chunk)).isEqualTo(expected);
        awaitWrites();
        assertThat(read(chunk)).isEqualTo(expected);

        CacheStatus status = cache.status();
        assertThat(status.hits()).isEqualTo(1);
        assertThat(status.misses()).isEqualTo(1);
        assertThat(status.bytesFromCache()).isEqualTo(CacheFixture.CHUNK);
        assertThat(status.pages()).as("3 full pages and a 1000-byte one").isEqualTo(4);
        assertThat(status.bytesWritten()).isEqualTo(CacheFixture.CHUNK + 4L * PageFiles.HEADER);
        assertThat(status.reuseRatio()).isEqualTo(1.0);
        assertThat(pageFiles()).hasSize(4);
    }

    @Test
    void metricsFollowTheSchemeAndShowTheHits() throws Exception {
        cache = cachedChunk(block.getChunks(0));
        read(block.getChunks(0));
        PrometheusRegistry registry = new PrometheusRegistry();
        cache.exportMetrics(registry);

        MetricSnapshots scrape = registry.scrape();
        assertThat(MetricScheme.violations("datanode", scrape)).isEmpty();
        CounterSnapshot hits = (CounterSnapshot) scrape.stream()
                .filter(metric -> metric.getMetadata().getName().equals(CacheMetrics.HITS))
                .findFirst()
                .orElseThrow();
        assertThat(hits.getDataPoints().get(0).getValue()).isEqualTo(1.0);
    }

    @Test
    void chunksOfOpenContainersAreNeitherCountedNorCached() throws Exception {
        Container open = fixture.open(2);
        BlockData written = fixture.writeBlock(open, 5, 1);
        cache = fixture.cache(1 << 20, CacheMode.ENABLED);

        cache.readChunk(open, written, written.getChunks(0));
        awaitWrites();

        assertThat(cache.status().misses()).isZero();
        assertThat(pageFiles()).isEmpty();
    }

    @Test
    void aCorruptPageIsDroppedAndTheVolumeServesTheRead() throws Exception {
        cache = cachedChunk(block.getChunks(0));
        Path page = pageFiles().get(1);
        byte[] bytes = Files.readAllBytes(page);
        bytes[PageFiles.HEADER + 10] ^= 1;
        Files.write(page, bytes);

        assertThat(read(block.getChunks(0))).isEqualTo(fixture.expected(container, block, block.getChunks(0)));

        CacheStatus status = cache.status();
        assertThat(status.corruptPages()).isEqualTo(1);
        assertThat(status.hits()).isZero();
        assertThat(status.mode()).isEqualTo("ENABLED");
        assertThat(page).doesNotExist();
    }

    @Test
    void aMissingPageFileFallsBackToTheVolume() throws Exception {
        cache = cachedChunk(block.getChunks(0));
        Files.delete(pageFiles().get(0));

        assertThat(read(block.getChunks(0))).isEqualTo(fixture.expected(container, block, block.getChunks(0)));

        assertThat(cache.status().missingPages()).isEqualTo(1);
        assertThat(cache.status().hits()).isZero();
    }

    @Test
    void aCacheDirThatCannotBeWrittenDisablesTheCacheWithoutFailingARead() throws Exception {
        cache = fixture.cache(1 << 20, CacheMode.ENABLED);
        Path pages = fixture.cacheDir().resolve("pages");
        Files.delete(pages);
        Files.writeString(pages, "a file where the page directory was");

        assertThat(read(block.getChunks(0))).isEqualTo(fixture.expected(container, block, block.getChunks(0)));
        awaitWrites();

        CacheStatus status = cache.status();
        assertThat(status.mode()).isEqualTo("FAILED");
        assertThat(status.reason()).contains("cache device error");
        assertThat(status.deviceErrors()).isEqualTo(1);
        assertThat(read(block.getChunks(0))).isEqualTo(fixture.expected(container, block, block.getChunks(0)));
        assertThat(cache.status().misses()).as("a failed cache counts nothing").isEqualTo(1);
    }

    @Test
    void shadowModeCountsHitsButWritesNothing() throws Exception {
        cache = fixture.cache(1 << 20, CacheMode.SHADOW);
        byte[] expected = fixture.expected(container, block, block.getChunks(0));

        for (int i = 0; i < 3; i++) {
            assertThat(read(block.getChunks(0))).isEqualTo(expected);
        }

        CacheStatus status = cache.status();
        assertThat(status.hits()).isEqualTo(2);
        assertThat(status.misses()).isEqualTo(1);
        assertThat(status.bytesWritten()).isZero();
        assertThat(pageFiles()).isEmpty();
    }

    @Test
    void deletingABlockOrRemovingAContainerDeletesItsPages() throws Exception {
        cache = cachedChunk(block.getChunks(0));
        Container other = fixture.open(3);
        BlockData otherBlock = fixture.writeBlock(other, 7, 1);
        CacheFixture.close(other);
        read(other, otherBlock, otherBlock.getChunks(0));
        awaitWrites();
        assertThat(pageFiles()).hasSize(8);

        container.deleteBlock(1);
        assertThat(pageFiles()).hasSize(4);
        fixture.containers().remove(other);

        assertThat(pageFiles()).isEmpty();
        assertThat(cache.status().usedBytes()).isZero();
    }

    @Test
    void evictionDeletesPageFilesAndKeepsTheCacheWithinItsCapacity() throws Exception {
        long capacity = 6L * (CacheFixture.PAGE + PageFiles.HEADER);
        cache = fixture.cache(capacity, CacheMode.ENABLED);
        for (long localId = 10; localId < 16; localId++) {
            Container next = fixture.open(localId);
            BlockData written = fixture.writeBlock(next, localId, 1);
            CacheFixture.close(next);
            read(next, written, written.getChunks(0));
            awaitWrites();
        }

        CacheStatus status = cache.status();
        assertThat(status.usedBytes()).isLessThanOrEqualTo(capacity);
        assertThat(status.evictions()).isPositive();
        assertThat(pageFiles()).hasSize((int) status.pages());
    }

    @Test
    void disablingDropsEveryPageAndEnablingStartsEmpty() throws Exception {
        cache = cachedChunk(block.getChunks(0));

        cache.setMode(CacheMode.DISABLED);
        assertThat(pageFiles()).isEmpty();
        assertThat(read(block.getChunks(0))).isEqualTo(fixture.expected(container, block, block.getChunks(0)));
        assertThat(cache.status().hits()).isZero();

        cache.setMode(CacheMode.ENABLED);
        read(block.getChunks(0));
        awaitWrites();
        read(block.getChunks(0));
        assertThat(cache.status().hits()).isEqualTo(1);
    }

    @Test
    void aRestartKeepsPagesOfCommittedBlocksAndDeletesStaleOnes() throws Exception {
        cache = cachedChunk(block.getChunks(0));
        read(block.getChunks(1));
        awaitWrites();
        assertThat(pageFiles()).hasSize(8);
        Path saved = base.resolve("saved");
        Files.createDirectories(saved);
        List<Path> copies = new ArrayList<>();
        for (Path page : pageFiles()) {
            copies.add(Files.copy(page, saved.resolve(page.getFileName())));
        }
        cache.close();
        container.deleteBlock(1);
        BlockData rewritten = rewriteAsNewBlock();
        for (Path page : copies) {
            Files.copy(page, fixture.cacheDir().resolve("pages/1").resolve(page.getFileName()));
        }

        cache = fixture.cache(1 << 20, CacheMode.ENABLED);

        assertThat(cache.status().pages())
                .as("pages of the deleted block are stale")
                .isZero();
        assertThat(pageFiles()).isEmpty();
        read(container2(), rewritten, rewritten.getChunks(0));
        awaitWrites();
        cache.close();
        cache = fixture.cache(1 << 20, CacheMode.ENABLED);
        assertThat(cache.status().pages())
                .as("pages of a committed block survive")
                .isEqualTo(4);
        byte[] expected = fixture.expected(container2(), rewritten, rewritten.getChunks(0));
        assertThat(read(container2(), rewritten, rewritten.getChunks(0))).isEqualTo(expected);
        assertThat(cache.status().hits()).isEqualTo(1);
    }

    private Container container2() throws Exception {
        return fixture.containers().get(2);
    }

    private BlockData rewriteAsNewBlock() throws Exception {
        Container next = fixture.open(2);
        BlockData written = fixture.writeBlock(next, 1, 1);
        CacheFixture.close(next);
        return written;
    }

    private ReadCache cachedChunk(ChunkInfo chunk) throws Exception {
        ReadCache opened = fixture.cache(1 << 20, CacheMode.ENABLED);
        cache = opened;
        read(chunk);
        awaitWrites();
        assertThat(pageFiles()).hasSize(4);
        return opened;
    }

    private byte[] read(ChunkInfo chunk) throws Exception {
        return read(container, block, chunk);
    }

    private byte[] read(Container in, BlockData of, ChunkInfo chunk) throws Exception {
        return CacheFixture.bytes(cache.readChunk(in, of, chunk));
    }

    private void awaitWrites() {
        CacheFixture.awaitWrites(cache);
    }

    private List<Path> pageFiles() throws IOException {
        Path pages = fixture.cacheDir().resolve("pages");
        if (!Files.isDirectory(pages)) {
            return List.of();
        }
        try (Stream<Path> files = Files.walk(pages)) {
            return files.filter(path -> path.toString().endsWith(".page"))
                    .sorted()
                    .toList();
        }
    }
}
