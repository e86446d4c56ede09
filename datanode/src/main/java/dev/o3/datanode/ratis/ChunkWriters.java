package dev.o3.datanode.ratis;

import dev.o3.common.concurrent.Threads;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * Single-thread executors for chunk I/O shared by every pipeline of a datanode. A block always maps to the same
 * executor, so its chunks are written in log order while different blocks are written in parallel. Owns its threads.
 */
final class ChunkWriters implements AutoCloseable {
    private final ExecutorService[] executors;

    ChunkWriters(String logPrefix, int count) {
        executors = new ExecutorService[count];
        for (int i = 0; i < count; i++) {
            executors[i] = Executors.newSingleThreadExecutor(Threads.daemonThreadsNamed(logPrefix + "-chunk-" + i));
        }
    }

    /** The executor of a block. */
    ExecutorService of(long localId) {
        return executors[Math.floorMod(Long.hashCode(localId), executors.length)];
    }

    @Override
    public void close() {
        for (ExecutorService executor : executors) {
            executor.shutdownNow();
        }
    }
}
