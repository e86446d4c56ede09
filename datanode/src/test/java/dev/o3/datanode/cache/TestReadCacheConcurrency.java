package dev.o3.datanode.cache;

import static org.assertj.core.api.Assertions.assertThat;

import dev.o3.datanode.container.Container;
import dev.o3.datanode.container.ContainerResultException;
import dev.o3.proto.container.BlockData;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Client reads through the cache while blocks are deleted, a container is closed and a replica leaves this datanode
 * (the source side of a move): every read that succeeds returns the committed bytes, whether from the cache or the
 * volume, and no page of a deleted block or removed replica stays behind.
 */
@Timeout(120)
class TestReadCacheConcurrency {
    private static final int BLOCKS = 8;
    private static final int READERS = 3;
    private static final int READS = 400;

    @TempDir
    Path base;

    /** A block to read and the bytes it must return. */
    private static final class Target {
        private final Container container;
        private final BlockData block;
        private final byte[] expected;

        Target(Container container, BlockData block, byte[] expected) {
            this.container = container;
            this.block = block;
            this.expected = expected;
        }

        Container container() {
            return container;
        }

        BlockData block() {
            return block;
        }

        byte[] expected() {
            return expected;
        }
    }

    @Test
    void readsReturnCommittedBytesUnderDeletesClosesAndRemovals() throws Exception {
        try (CacheFixture fixture = new CacheFixture(base)) {
            List<Target> targets = new ArrayList<>();
            Container deleting = closedContainer(fixture, 1, targets);
            Container moving = closedContainer(fixture, 2, targets);
            Container closing = fixture.open(3);
            for (long localId = 1; localId <= BLOCKS; localId++) {
                BlockData block = fixture.writeBlock(closing, localId, 1);
                targets.add(new Target(closing, block, fixture.expected(closing, block, block.getChunks(0))));
            }
            ReadCache cache = ReadCache.open(
                    "test",
                    fixture.settings(12L * (CacheFixture.PAGE + PageFiles.HEADER), CacheMode.ENABLED, "window", 1),
                    fixture.containers(),
                    fixture.volume());
            ExecutorService threads = Executors.newFixedThreadPool(READERS + 1);
            try {
                CountDownLatch start = new CountDownLatch(1);
                AtomicInteger wrong = new AtomicInteger();
                AtomicInteger served = new AtomicInteger();
                List<Future<?>> readers = new ArrayList<>();
                for (int r = 0; r < READERS; r++) {
                    Random random = new Random(r);
                    readers.add(threads.submit(() -> {
                        start.await();
                        for (int i = 0; i < READS; i++) {
                            Target target = targets.get(random.nextInt(targets.size()));
                            try {
                                byte[] read = CacheFixture.bytes(cache.readChunk(
                                        target.container(),
                                        target.block(),
                                        target.block().getChunks(0)));
                                served.incrementAndGet();
                                if (!Arrays.equals(read, target.expected())) {
                                    wrong.incrementAndGet();
                                }
                            } catch (ContainerResultException e) {
                                assertThat(target.container())
                                        .as(e.getMessage())
                                        .isSameAs(deleting);
                            }
                        }
                        return null;
                    }));
                }
                Future<?> changes = threads.submit(() -> {
                    start.await();
                    for (long localId = 1; localId <= BLOCKS; localId += 2) {
                        deleting.deleteBlock(localId);
                    }
                    CacheFixture.close(closing);
                    fixture.containers().remove(moving);
                    return null;
                });
                start.countDown();
                changes.get();
                for (Future<?> reader : readers) {
                    reader.get();
                }
                CacheFixture.awaitWrites(cache);

                assertThat(wrong.get()).isZero();
                assertThat(served.get()).isGreaterThan(READERS * READS / 2);
                CacheStatus status = cache.status();
                assertThat(status.hits()).isPositive();
                List<String> left = pageFiles(fixture);
                assertThat(left).hasSize((int) status.pages());
                assertThat(left).noneMatch(page -> page.startsWith("2/"));
                for (long localId = 1; localId <= BLOCKS; localId += 2) {
                    String deleted = "1/" + localId + "-";
                    assertThat(left).noneMatch(page -> page.startsWith(deleted));
                }
            } finally {
                threads.shutdownNow();
                cache.close();
            }
        }
    }

    private static Container closedContainer(CacheFixture fixture, long id, List<Target> targets) throws Exception {
        Container container = fixture.open(id);
        List<BlockData> blocks = new ArrayList<>();
        for (long localId = 1; localId <= BLOCKS; localId++) {
            blocks.add(fixture.writeBlock(container, localId, 1));
        }
        CacheFixture.close(container);
        for (BlockData block : blocks) {
            targets.add(new Target(container, block, fixture.expected(container, block, block.getChunks(0))));
        }
        return container;
    }

    private static List<String> pageFiles(CacheFixture fixture) throws Exception {
        Path pages = fixture.cacheDir().resolve("pages");
        try (Stream<Path> files = Files.walk(pages)) {
            return files.filter(path -> path.toString().endsWith(".page"))
                    .map(path -> pages.relativize(path).toString())
                    .toList();
        }
    }
}
