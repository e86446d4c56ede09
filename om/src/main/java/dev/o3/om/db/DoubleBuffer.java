package dev.o3.om.db;

import com.google.errorprone.annotations.concurrent.GuardedBy;
import dev.o3.common.concurrent.Threads;
import dev.o3.proto.om.TransactionInfoRecord;
import dev.o3.server.db.Batch;
import dev.o3.server.db.Database;
import dev.o3.server.db.Table;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The double buffer: applied transactions queue in the current buffer while the flusher thread writes the previous
 * one to RocksDB as ONE atomic batch, together with the last flushed term/index (so a restart knows which log entries
 * are already in RocksDB). The database is {@linkplain Database#openLogBacked log-backed}: batches go to memtables
 * without a WAL, and the synced Raft log replays whatever a crash took from them, from the index the last memtable
 * flush recorded. A WAL would write every batch a second time, onto the disk whose fsyncs the log waits for.
 * Snapshots (checkpoints) flush RocksDB before Ratis may purge the log. After the
 * commit the flushed writes leave the cache. At most {@code maxUnflushed} transactions wait; the applier blocks beyond
 * that (back-pressure when the disk falls behind).
 *
 * <p>Threading: {@link #add} from the applier thread; one flusher thread owned here; waiters from any thread. A flush
 * failure goes to the fault handler (OM must stop: acknowledged state could not be persisted).
 */
public final class DoubleBuffer implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(DoubleBuffer.class);

    private final String logPrefix;
    private final Database database;
    private final Table<String, TransactionInfoRecord> transactionInfo;
    private final Semaphore unflushed;
    private final FlushListener listener;
    private final Consumer<Throwable> faultHandler;
    private final ExecutorService flusher;
    private final Object lock = new Object();

    @GuardedBy("lock")
    private List<Entry> current = new ArrayList<>();

    @GuardedBy("lock")
    private long flushedIndex;

    @GuardedBy("lock")
    private long flushCount;

    @GuardedBy("lock")
    private boolean running = true;

    private final Future<?> loop;

    DoubleBuffer(
            String logPrefix,
            Database database,
            long flushedIndex,
            int maxUnflushed,
            FlushListener listener,
            Consumer<Throwable> faultHandler) {
        this.logPrefix = logPrefix;
        this.database = database;
        this.transactionInfo = database.table(OmSchema.TRANSACTION_INFO);
        this.unflushed = new Semaphore(maxUnflushed);
        this.listener = listener;
        this.faultHandler = faultHandler;
        synchronized (lock) {
            this.flushedIndex = flushedIndex;
        }
        this.flusher = Executors.newSingleThreadExecutor(Threads.daemonThreadsNamed(logPrefix + "-flusher"));
        this.loop = flusher.submit(this::flushLoop);
    }

    /** Queues one applied transaction; blocks while {@code maxUnflushed} transactions wait for the disk. */
    void add(long term, long index, List<CachedWrite<?>> writes) {
        unflushed.acquireUninterruptibly();
        synchronized (lock) {
            current.add(new Entry(term, index, writes));
            lock.notifyAll();
        }
    }

    /** The last log index whose writes are committed to RocksDB. */
    public long flushedIndex() {
        synchronized (lock) {
            return flushedIndex;
        }
    }

    /** Number of RocksDB batches committed so far. */
    public long flushCount() {
        synchronized (lock) {
            return flushCount;
        }
    }

    /**
     * Waits until every transaction up to {@code index} is in RocksDB.
     *
     * @return whether it got there within the timeout
     */
    public boolean awaitFlushed(long index, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        synchronized (lock) {
            while (flushedIndex < index && running) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    return false;
                }
                TimeUnit.NANOSECONDS.timedWait(lock, left);
            }
            return flushedIndex >= index;
        }
    }

    private void flushLoop() {
        while (true) {
            List<Entry> ready;
            synchronized (lock) {
                while (current.isEmpty() && running) {
                    try {
                        lock.wait();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        return;
                    }
                }
                if (current.isEmpty()) {
                    return;
                }
                ready = current;
                current = new ArrayList<>();
            }
            try {
                flush(ready);
            } catch (RuntimeException e) {
                LOG.error("[{}] flushing {} transactions failed", logPrefix, ready.size(), e);
                faultHandler.accept(e);
                return;
            }
        }
    }

    private void flush(List<Entry> ready) {
        long start = System.nanoTime();
        Entry last = ready.get(ready.size() - 1);
        int rows = 0;
        try (Batch batch = database.newBatch()) {
            for (Entry entry : ready) {
                for (CachedWrite<?> write : entry.writes()) {
                    write.writeTo(batch);
                    rows++;
                }
            }
            transactionInfo.put(
                    batch,
                    OmSchema.TRANSACTION_INFO_KEY,
                    TransactionInfoRecord.newBuilder()
                            .setTerm(last.term())
                            .setIndex(last.index())
                            .build());
            database.commitWithoutSync(batch);
        }
        for (Entry entry : ready) {
            entry.writes().forEach(CachedWrite::evict);
        }
        unflushed.release(ready.size());
        // Before waiters wake, so whoever waited for the flush also sees it counted.
        listener.flushed(ready.size(), rows, System.nanoTime() - start);
        synchronized (lock) {
            flushedIndex = Math.max(flushedIndex, last.index());
            flushCount++;
            lock.notifyAll();
        }
    }

    /** Flushes what is queued, then stops the flusher thread. */
    @Override
    public void close() {
        synchronized (lock) {
            running = false;
            lock.notifyAll();
        }
        flusher.shutdown();
        try {
            if (!flusher.awaitTermination(30, TimeUnit.SECONDS)) {
                LOG.warn("[{}] flusher did not stop in time", logPrefix);
                loop.cancel(true);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private record Entry(long term, long index, List<CachedWrite<?>> writes) {}
}
