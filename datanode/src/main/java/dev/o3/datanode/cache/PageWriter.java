package dev.o3.datanode.cache;

import dev.o3.common.concurrent.Threads;
import java.util.Set;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * Writes admitted chunks to the cache device in the background, so a client read never waits for the device. A
 * chunk already queued is not queued again, and when the queue is full the chunk is dropped instead of blocking the
 * reader (it is admitted again on a later read). Lifecycle: construct, {@link #close()}.
 */
final class PageWriter implements AutoCloseable {
    private static final int QUEUE = 32;
    private static final long CLOSE_WAIT_SECONDS = 30;

    private final ThreadPoolExecutor executor;
    private final Set<ChunkKey> pending = ConcurrentHashMap.newKeySet();

    PageWriter(String logPrefix) {
        this.executor = new ThreadPoolExecutor(
                1,
                1,
                0,
                TimeUnit.SECONDS,
                new ArrayBlockingQueue<>(QUEUE),
                Threads.daemonThreadsNamed(logPrefix + "-cache-writer"));
    }

    /** Queues the write of a chunk; false when it is already queued or the queue is full. */
    boolean submit(ChunkKey chunk, Runnable write) {
        if (!pending.add(chunk)) {
            return false;
        }
        try {
            executor.execute(() -> {
                try {
                    write.run();
                } finally {
                    pending.remove(chunk);
                }
            });
            return true;
        } catch (RejectedExecutionException e) {
            pending.remove(chunk);
            return false;
        }
    }

    /** Whether no write is queued or running (tests). */
    boolean idle() {
        return pending.isEmpty();
    }

    /**
     * Stops taking writes and waits for the one running, if any: it reads its container's database, which the caller
     * may close next (a RocksDB get on a closed database crashes the JVM).
     */
    @Override
    public void close() {
        executor.shutdownNow();
        try {
            if (!executor.awaitTermination(CLOSE_WAIT_SECONDS, TimeUnit.SECONDS)) {
                throw new IllegalStateException("a cache page write did not stop within " + CLOSE_WAIT_SECONDS + " s");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
