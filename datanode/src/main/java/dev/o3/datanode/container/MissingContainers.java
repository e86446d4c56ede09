package dev.o3.datanode.container;

import dev.o3.datanode.volume.DataVolume;
import dev.o3.datanode.volume.VolumeSet;
import dev.o3.server.db.Batch;
import dev.o3.server.db.DbException;
import dev.o3.server.db.KeyValue;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongPredicate;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The containers this datanode lost with failed volumes, and those SCM deleted here. Each healthy volume's database
 * keeps the whole list (synced), so a restarted datanode remembers them: re-creating one empty from a later entry of
 * its pipeline's log (a follower still applying the log of a container whose replica here was lost, or deleted as
 * unhealthy) would give a replica that misses the blocks written before, yet reaches the same BCSID as the complete
 * ones, or one that takes writes the other replicas refused. A lost id leaves the list when a copy from another
 * datanode is installed here or when the volume that held it comes back with it; a deleted one only with an installed
 * copy (a row of a few bytes per container deleted here). Thread-safe.
 */
final class MissingContainers {
    private static final Logger LOG = LoggerFactory.getLogger(MissingContainers.class);

    private final String logPrefix;
    private final VolumeSet volumes;
    /** Why each id is here: the root of the failed volume that held it, or {@link #DELETED}. */
    private final Map<Long, String> ids = new ConcurrentHashMap<>();

    /** The reason stored for a container SCM deleted here. */
    static final String DELETED = "deleted";

    MissingContainers(String logPrefix, VolumeSet volumes) {
        this.logPrefix = logPrefix;
        this.volumes = volumes;
    }

    /**
     * Loads the lists of the healthy volumes, but for containers {@code present} says are served again, and writes the
     * union back to every healthy volume (one of them may have missed a change while it was failed).
     */
    void recover(LongPredicate present) {
        for (DataVolume volume : volumes.healthy()) {
            for (KeyValue<Long, String> row : volume.missingContainers().all()) {
                ids.putIfAbsent(row.key(), row.value());
            }
        }
        Set<Long> back = ids.keySet().stream().filter(present::test).collect(Collectors.toSet());
        ids.keySet().removeAll(back);
        for (DataVolume volume : volumes.healthy()) {
            write(volume, ids, back);
        }
        Set<Long> lost = ids.entrySet().stream()
                .filter(id -> !id.getValue().equals(DELETED))
                .map(Map.Entry::getKey)
                .collect(Collectors.toSet());
        if (!lost.isEmpty()) {
            LOG.warn(
                    "[{}] {} containers lost with failed volumes stay missing until copied here: {}",
                    logPrefix,
                    lost.size(),
                    lost);
        }
    }

    boolean contains(long containerId) {
        return ids.containsKey(containerId);
    }

    /** Whether SCM deleted the container here (rather than it being lost with a failed volume). */
    boolean deleted(long containerId) {
        return DELETED.equals(ids.get(containerId));
    }

    /** Records a container SCM deleted here, on every healthy volume, before the replica leaves the set. */
    void addDeleted(long containerId) {
        put(Map.of(containerId, DELETED));
    }

    /** Records the containers lost with {@code failed}, on every healthy volume, before they are reported missing. */
    void add(Collection<Long> lost, DataVolume failed) {
        if (lost.isEmpty()) {
            return;
        }
        Map<Long, String> added = new HashMap<>();
        for (long id : lost) {
            added.put(id, failed.root().toString());
        }
        put(added);
    }

    private void put(Map<Long, String> added) {
        ids.putAll(added);
        for (DataVolume volume : volumes.healthy()) {
            write(volume, added, Set.of());
        }
    }

    /** Forgets a container: a copy is served here again. */
    void remove(long containerId) {
        if (ids.remove(containerId) == null) {
            return;
        }
        for (DataVolume volume : volumes.healthy()) {
            write(volume, Map.of(), Set.of(containerId));
        }
    }

    /** Puts and deletes rows in one synced batch; a volume that cannot take it is checked (and may fail). */
    private void write(DataVolume volume, Map<Long, String> put, Collection<Long> delete) {
        if (put.isEmpty() && delete.isEmpty()) {
            return;
        }
        try (Batch batch = volume.database().newBatch()) {
            put.forEach((id, root) -> volume.missingContainers().put(batch, id, root));
            delete.forEach(id -> volume.missingContainers().delete(batch, id));
            volume.database().commit(batch);
        } catch (DbException | IllegalStateException e) {
            LOG.error("[{}] cannot record missing containers on {}: {}", logPrefix, volume, e.toString());
            volume.onIoError(e);
        }
    }
}
