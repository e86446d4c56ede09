package dev.o3.om.db;

import static dev.o3.om.testing.Namespace.ADMIN;
import static org.assertj.core.api.Assertions.assertThat;

import dev.o3.om.testing.Namespace;
import dev.o3.proto.om.BucketLayout;
import dev.o3.proto.om.OmStatus;
import dev.o3.server.db.Database;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TestDoubleBuffer {
    @TempDir
    Path directory;

    @Test
    void readsSeeAppliedWritesBeforeTheFlushAndBatchesGroupTransactions() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        CountDownLatch firstFlushHeld = new CountDownLatch(1);
        AtomicInteger flushes = new AtomicInteger();
        AtomicInteger flushedTransactions = new AtomicInteger();
        int openBefore = Database.openCount();
        try (Namespace namespace = new Namespace(directory, 10_000, (transactions, rows, nanos) -> {
            flushedTransactions.addAndGet(transactions);
            if (flushes.incrementAndGet() == 1) {
                firstFlushHeld.countDown();
                awaitQuietly(release); // hold the flusher so later transactions wait in the buffer
            }
        })) {
            namespace.volume("vol");
            // Only once the flusher is held inside its first batch is every later key sure to stay unflushed.
            assertThat(firstFlushHeld.await(30, TimeUnit.SECONDS)).isTrue();
            namespace.bucket("vol", "bucket", BucketLayout.OBJECT_STORE);
            for (int i = 0; i < 100; i++) {
                assertThat(namespace.key("vol", "bucket", "key-" + i, 1)).isEqualTo(OmStatus.OK);
            }
            CachedTable<?> keys = namespace.store().table(OmSchema.KEYS);
            assertThat(keys.cachedCount()).as("applied but not flushed").isEqualTo(100);
            assertThat(keys.get(RowKeys.key("vol", "bucket", "key-99"))).isPresent();
            assertThat(namespace.store().scan(OmSchema.KEYS, "/vol/bucket/", "/vol/bucket/", 1000))
                    .hasSize(100);

            release.countDown();
            namespace.awaitFlushed();
            assertThat(keys.cachedCount()).as("flushed entries leave the cache").isZero();
            assertThat(flushedTransactions.get()).isEqualTo((int) namespace.lastIndex());
            assertThat(flushes.get())
                    .as("batches, not one flush per transaction")
                    .isLessThan(100);
        }
        assertThat(Database.openCount()).isEqualTo(openBefore);

        try (Namespace reopened = new Namespace(directory)) {
            assertThat(reopened.store().flushedAtOpen().getIndex()).isEqualTo(202);
            assertThat(reopened.store().get(OmSchema.KEYS, RowKeys.key("vol", "bucket", "key-42")))
                    .isPresent();
        }
    }

    @Test
    void failedRequestsLeaveNoTraceButAdvanceTheFlushedIndex() throws Exception {
        try (Namespace namespace = new Namespace(directory)) {
            namespace.volume("vol");
            assertThat(namespace.key("vol", "missing", "key", 1)).isEqualTo(OmStatus.BUCKET_NOT_FOUND);
            assertThat(namespace.status(ADMIN, t -> {})).isEqualTo(OmStatus.INVALID_REQUEST);
            namespace.awaitFlushed();
            assertThat(namespace.store().doubleBuffer().flushedIndex()).isEqualTo(namespace.lastIndex());
            assertThat(namespace.store().scan(OmSchema.OPEN_KEYS, "", "", 10)).isEmpty();
        }
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            assertThat(latch.await(30, TimeUnit.SECONDS)).isTrue();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
