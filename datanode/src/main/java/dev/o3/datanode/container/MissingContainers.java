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
 * The containers this datanode lost with failed volumes. Each healthy volume's database keeps the whole list (synced),
 * so a datanode restarted while the failed volume still cannot be read remembers them: re-creating one empty would
 * give a replica that misses the blocks written before, yet reaches the same BCSID as the complete ones. An id leaves
 * the list when a copy from another datanode is installed here, when SCM deletes the container here, or when the
 * volume that held it comes back with it. Thread-safe.
 */
final class MissingContainers {
    private static final Logger LOG = LoggerFactory.getLogger(MissingContainers.class);

    private final String logPrefix;
    private final VolumeSet volumes;
    private final Map<Long, String> ids = new ConcurrentHashMap<>();

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
        if (!ids.isEmpty()) {
            LOG.warn(
                    "[{}] {} containers lost with failed volumes stay missing until copied here: {}",
                    logPrefix,
                    ids.size(),
                    ids.keySet());
        }
    }

    boolean contains(long containerId) {
        return ids.containsKey(containerId);
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
        ids.putAll(added);
        for (DataVolume volume : volumes.healthy()) {
            write(volume, added, Set.of());
        }
    }

    /** Forgets a container (a copy is served here again, or SCM deleted it here). */
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
