package dev.o3.om.scm;

import com.github.benmanes.caffeine.cache.AsyncCacheLoader;
import com.github.benmanes.caffeine.cache.AsyncLoadingCache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.o3.proto.hdds.BlockLocation;
import dev.o3.proto.hdds.DatanodeDetails;
import dev.o3.proto.om.KeyInfo;
import dev.o3.proto.scm.ContainerLocation;
import java.time.Duration;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Where a key's blocks are read from now. OM stores each block with the pipeline it was written on, but a closed
 * container's replicas move: re-replication copies them to other datanodes, decommission and excess-replica removal
 * take them off the old ones. Lookups therefore hand out the replicas SCM last named for each container, from a cache:
 * a lookup never waits for SCM (a container not cached yet keeps its stored pipeline while a fetch starts in the
 * background, and an entry older than its time to live is fetched again the same way), except when the reader asks for
 * a refresh because none of the replicas it was given could serve a block. Without an answer from SCM, the stored
 * pipeline is handed out: a lookup never fails for want of SCM. Thread-safe.
 */
public final class ContainerLocations {
    private static final Logger LOG = LoggerFactory.getLogger(ContainerLocations.class);

    private final AsyncLoadingCache<Long, ContainerLocation> cache;
    private final Duration refreshTimeout;

    /**
     * @param scm SCM's block service
     * @param maxSize most containers kept
     * @param ttl age after which an entry is fetched again on use
     * @param refreshTimeout how long a refreshing lookup waits for SCM
     */
    public ContainerLocations(ScmBlockClient scm, int maxSize, Duration ttl, Duration refreshTimeout) {
        this.refreshTimeout = refreshTimeout;
        this.cache = Caffeine.newBuilder()
                .maximumSize(maxSize)
                .refreshAfterWrite(ttl)
                .executor(Runnable::run)
                .buildAsync(new Loader(scm));
    }

    /**
     * The key with each block's pipeline members replaced by the current replicas of its container, where known and
     * different.
     *
     * @param refresh ask SCM now (blocking, bounded by the refresh timeout) instead of using cached locations
     */
    public KeyInfo current(KeyInfo key, boolean refresh) {
        if (key.getBlocksCount() == 0) {
            return key;
        }
        Set<Long> containers = key.getBlocksList().stream()
                .map(block -> block.getBlockId().getContainerId())
                .collect(Collectors.toCollection(LinkedHashSet::new));
        Map<Long, ContainerLocation> locations = refresh ? fetch(containers) : cached(containers);
        if (locations.isEmpty()) {
            return key;
        }
        KeyInfo.Builder updated = null;
        for (int i = 0; i < key.getBlocksCount(); i++) {
            BlockLocation block = key.getBlocks(i);
            ContainerLocation location = locations.get(block.getBlockId().getContainerId());
            if (location == null || location.getReplicasCount() == 0 || sameMembers(block, location)) {
                continue;
            }
            if (updated == null) {
                updated = key.toBuilder();
            }
            updated.setBlocks(i, withReplicas(block, location.getReplicasList()));
        }
        return updated == null ? key : updated.build();
    }

    private Map<Long, ContainerLocation> cached(Set<Long> containers) {
        Map<Long, ContainerLocation> known = new HashMap<>();
        List<Long> missing = containers.stream()
                .filter(id -> {
                    CompletableFuture<ContainerLocation> entry = cache.getIfPresent(id);
                    if (entry == null) {
                        return true;
                    }
                    if (entry.isDone() && !entry.isCompletedExceptionally()) {
                        known.put(id, entry.join());
                    }
                    return false;
                })
                .toList();
        if (!missing.isEmpty()) {
            // Filled for the next lookups; a failure only leaves the entries out.
            var unused = cache.getAll(missing);
        }
        return known;
    }

    private Map<Long, ContainerLocation> fetch(Set<Long> containers) {
        cache.synchronous().invalidateAll(containers);
        try {
            return cache.getAll(containers).get(refreshTimeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (ExecutionException | TimeoutException e) {
            LOG.warn(
                    "container locations of {} not refreshed, handing out the stored ones: {}",
                    containers,
                    e.toString());
            return Map.of();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Map.of();
        }
    }

    private static boolean sameMembers(BlockLocation block, ContainerLocation location) {
        Set<String> stored = block.getPipeline().getMembersList().stream()
                .map(DatanodeDetails::getUuid)
                .collect(Collectors.toSet());
        Set<String> current = location.getReplicasList().stream()
                .map(DatanodeDetails::getUuid)
                .collect(Collectors.toSet());
        return stored.equals(current);
    }

    /** The block with the replicas as its members; the write pipeline's leader and priorities no longer apply. */
    private static BlockLocation withReplicas(BlockLocation block, List<DatanodeDetails> replicas) {
        return block.toBuilder()
                .setPipeline(block.getPipeline().toBuilder()
                        .clearMembers()
                        .addAllMembers(replicas)
                        .clearPriorities()
                        .clearLeaderId())
                .build();
    }

    /** Fetches locations from SCM, several containers per call. */
    private record Loader(ScmBlockClient scm) implements AsyncCacheLoader<Long, ContainerLocation> {
        @Override
        public CompletableFuture<ContainerLocation> asyncLoad(Long containerId, Executor executor) {
            return asyncLoadAll(Set.of(containerId), executor).thenApply(found -> found.get(containerId));
        }

        @Override
        public CompletableFuture<Map<Long, ContainerLocation>> asyncLoadAll(
                Set<? extends Long> containerIds, Executor executor) {
            return scm.containerLocations(List.copyOf(containerIds)).thenApply(locations -> locations.stream()
                    .collect(Collectors.toMap(ContainerLocation::getContainerId, location -> location)));
        }
    }
}
