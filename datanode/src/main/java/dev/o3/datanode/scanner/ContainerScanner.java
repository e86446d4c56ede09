package dev.o3.datanode.scanner;

import dev.o3.common.checksum.ChecksumMismatchException;
import dev.o3.common.concurrent.Threads;
import dev.o3.common.container.ChunkChecksums;
import dev.o3.datanode.container.ChunkStore;
import dev.o3.datanode.container.Container;
import dev.o3.datanode.container.ContainerResultException;
import dev.o3.datanode.container.ContainerSet;
import dev.o3.datanode.container.ReplicaState;
import dev.o3.proto.container.BlockData;
import dev.o3.proto.hdds.ChunkInfo;
import java.nio.ByteBuffer;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Background data scanner: re-reads every block of closed containers, at most once per {@code scanInterval} each and
 * at a limited rate, and marks a container UNHEALTHY when a chunk is missing or does not match its checksum; the next
 * container report tells SCM, which re-replicates it. Reads go straight to the volume (never through a cache).
 *
 * <p>Threading: one scanner thread, owned here; {@link #scanNow()} runs a full pass on that thread and waits.
 */
public final class ContainerScanner implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(ContainerScanner.class);
    private static final int BLOCK_PAGE = 1000;

    private final String logPrefix;
    private final ContainerSet containers;
    private final ChunkStore chunks;
    private final Duration scanInterval;
    private final long bytesPerSecond;
    private final Clock clock;
    private final ScheduledExecutorService executor;
    private final Map<Long, Instant> lastScan = new ConcurrentHashMap<>();

    public ContainerScanner(
            String logPrefix,
            ContainerSet containers,
            ChunkStore chunks,
            Duration scanInterval,
            long bytesPerSecond,
            Clock clock) {
        this.logPrefix = logPrefix;
        this.containers = containers;
        this.chunks = chunks;
        this.scanInterval = scanInterval;
        this.bytesPerSecond = bytesPerSecond;
        this.clock = clock;
        this.executor = Executors.newSingleThreadScheduledExecutor(Threads.daemonThreadsNamed(logPrefix + "-scanner"));
    }

    /** Starts periodic passes; each scans the containers whose last scan is older than the interval. */
    public void start() {
        long periodMillis = Math.max(
                1000, Math.min(scanInterval.toMillis(), Duration.ofMinutes(1).toMillis()));
        var unused =
                executor.scheduleWithFixedDelay(() -> pass(false), periodMillis, periodMillis, TimeUnit.MILLISECONDS);
    }

    /**
     * Scans every closed container now, on the scanner thread, and waits.
     *
     * @return ids of the containers found unhealthy in this pass
     */
    public List<Long> scanNow() {
        try {
            return executor.submit(() -> pass(true)).get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return List.of();
        } catch (java.util.concurrent.ExecutionException e) {
            throw new IllegalStateException("[" + logPrefix + "] scan failed", e.getCause());
        }
    }

    @Override
    public void close() {
        executor.shutdownNow();
    }

    private List<Long> pass(boolean force) {
        List<Long> unhealthy = new ArrayList<>();
        ScanThrottle throttle = new ScanThrottle(bytesPerSecond);
        try {
            for (Container container : containers.all()) {
                ReplicaState state = container.state();
                boolean closed = state == ReplicaState.CLOSED || state == ReplicaState.QUASI_CLOSED;
                Instant last = lastScan.get(container.id());
                boolean due = force || last == null || !last.plus(scanInterval).isAfter(clock.instant());
                if (closed && due && !scan(container, throttle)) {
                    unhealthy.add(container.id());
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException e) {
            LOG.error("[{}] scanner pass failed", logPrefix, e);
        }
        return unhealthy;
    }

    /** Whether the container is healthy; marks it UNHEALTHY otherwise. */
    private boolean scan(Container container, ScanThrottle throttle) throws InterruptedException {
        long next = 0;
        while (true) {
            List<BlockData> blocks = container.blocks(next, BLOCK_PAGE);
            for (BlockData block : blocks) {
                throttle.acquire(block.getSize());
                Optional<String> problem = problem(container, block);
                if (problem.isPresent()) {
                    container.transition(ReplicaState.UNHEALTHY);
                    LOG.warn(
                            "[{}] {} is UNHEALTHY: block {} {}",
                            logPrefix,
                            container,
                            block.getBlockId().getLocalId(),
                            problem.get());
                    return false;
                }
            }
            if (blocks.size() < BLOCK_PAGE) {
                break;
            }
            next = blocks.get(blocks.size() - 1).getBlockId().getLocalId() + 1;
        }
        lastScan.put(container.id(), clock.instant());
        return true;
    }

    /**
     * What is wrong with a block this pass listed: a chunk that cannot be read or does not match its checksum. Nothing
     * when the block was deleted meanwhile (SCM deletes the blocks of overwritten and deleted keys while a pass runs):
     * its file going away is no corruption, and taking it for one made healthy replicas UNHEALTHY.
     */
    Optional<String> problem(Container container, BlockData block) {
        for (ChunkInfo chunk : block.getChunksList()) {
            Optional<String> problem = verify(container, block, chunk);
            if (problem.isPresent()) {
                return deleted(container, block) ? Optional.empty() : problem;
            }
        }
        return Optional.empty();
    }

    private Optional<String> verify(Container container, BlockData block, ChunkInfo chunk) {
        try {
            ByteBuffer data = chunks.read(
                    container, block.getBlockId().getLocalId(), chunk.getOffset(), Math.toIntExact(chunk.getLength()));
            ChunkChecksums.verify(chunk, data);
            return Optional.empty();
        } catch (ContainerResultException e) {
            return Optional.of("cannot be read: " + e.getMessage());
        } catch (ChecksumMismatchException e) {
            return Optional.of("chunk at offset " + chunk.getOffset() + " is corrupt: " + e.getMessage());
        }
    }

    /** Whether the block is no longer committed (a deletion removes its row before its file). */
    private static boolean deleted(Container container, BlockData block) {
        try {
            container.block(block.getBlockId().getLocalId());
            return false;
        } catch (ContainerResultException e) {
            return true;
        }
    }
}
