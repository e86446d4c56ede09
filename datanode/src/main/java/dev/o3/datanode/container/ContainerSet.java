package dev.o3.datanode.container;

import dev.o3.datanode.volume.DataVolume;
import dev.o3.datanode.volume.VolumeSet;
import dev.o3.proto.container.ContainerResult;
import dev.o3.server.db.DbException;
import dev.o3.server.db.KeyValue;
import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.CopyOnWriteArrayList;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Every container replica served by this datanode, loaded from the volumes' databases at start. A container of a
 * failed volume leaves the set, so container reports show it missing, and neither it nor a container SCM deleted here
 * is created again by later pipeline writes: a new empty replica would miss the blocks written before and yet reach
 * the same BCSID as the complete ones, so SCM would count it as a good copy. Thread-safe.
 */
public final class ContainerSet {
    private static final Logger LOG = LoggerFactory.getLogger(ContainerSet.class);

    private final String logPrefix;
    private final VolumeSet volumes;
    private final ConcurrentMap<Long, Container> containers = new ConcurrentHashMap<>();
    /**
     * Containers lost with a failed volume or deleted here, kept across restarts; only a copy from elsewhere brings one
     * back.
     */
    private final MissingContainers missing;

    private final Listeners listeners = new Listeners();

    private ContainerSet(String logPrefix, VolumeSet volumes) {
        this.logPrefix = logPrefix;
        this.volumes = volumes;
        this.missing = new MissingContainers(logPrefix, volumes);
    }

    /** Recovers the containers of every healthy volume and drops those of volumes that fail later. */
    public static ContainerSet load(String logPrefix, VolumeSet volumes) {
        ContainerSet set = new ContainerSet(logPrefix, volumes);
        for (DataVolume volume : volumes.healthy()) {
            for (KeyValue<Long, ContainerRecord> row : volume.containers().all()) {
                set.add(new Container(volume, row.value(), set.listeners));
            }
        }
        set.missing.recover(set.containers::containsKey);
        volumes.onFailure(set::volumeFailed);
        LOG.info(
                "[{}] recovered {} containers from {} volumes",
                logPrefix,
                set.containers.size(),
                volumes.all().size());
        return set;
    }

    /**
     * Loads one replica; when two volumes hold the same container (a volume that failed came back after a new
     * replica was made elsewhere), the one with the higher BCSID is served and the other is left on disk, logged.
     */
    private void add(Container loaded) {
        Container other = containers.get(loaded.id());
        if (other != null) {
            Container stale = other.record().bcsid() >= loaded.record().bcsid() ? loaded : other;
            Container kept = stale == loaded ? other : loaded;
            LOG.error(
                    "[{}] container {} is on two volumes: serving the one on {} (BCSID {}), ignoring the stale one on"
                            + " {} (BCSID {})",
                    logPrefix,
                    loaded.id(),
                    kept.volume(),
                    kept.record().bcsid(),
                    stale.volume(),
                    stale.record().bcsid());
            if (kept == other) {
                return;
            }
        }
        containers.put(loaded.id(), loaded);
    }

    /**
     * The container, created OPEN on a chosen volume the first time a pipeline write names it.
     *
     * @throws ContainerResultException CONTAINER_MISSING when its replica here was lost with a failed volume or
     *     deleted, DISK_OUT_OF_SPACE when no volume can take it, IO_EXCEPTION on disk errors
     */
    public Container getOrCreate(long containerId, String pipelineId) throws ContainerResultException {
        Container existing = containers.get(containerId);
        if (existing != null) {
            return existing;
        }
        // Read before taking the set's lock: it takes each container's, and a container's holder may be failing the
        // volume, which takes the set's.
        Map<DataVolume, Long> promised = promised();
        synchronized (this) {
            existing = containers.get(containerId);
            if (existing != null) {
                return existing;
            }
            if (missing.contains(containerId)) {
                throw new ContainerResultException(
                        ContainerResult.CONTAINER_MISSING,
                        missing.deleted(containerId)
                                ? "container " + containerId + " was deleted here; a copy from another datanode is"
                                        + " the only way back"
                                : "container " + containerId + " was on a failed volume; its replica here is missing");
            }
            DataVolume volume;
            try {
                volume = volumes.choose(candidate -> promised.getOrDefault(candidate, 0L));
            } catch (VolumeSet.NoVolumeException e) {
                throw new ContainerResultException(ContainerResult.DISK_OUT_OF_SPACE, e.getMessage(), e);
            }
            try {
                Files.createDirectories(volume.containerDir(containerId));
                ContainerRecord record = ContainerRecord.open(containerId, pipelineId);
                volume.containers().put(containerId, record);
                Container container = new Container(volume, record, listeners);
                containers.put(containerId, container);
                LOG.info("[{}] created container {} of pipeline {} on {}", logPrefix, containerId, pipelineId, volume);
                return container;
            } catch (IOException | RuntimeException e) {
                volume.onIoError(e);
                throw new ContainerResultException(
                        ContainerResult.IO_EXCEPTION, "cannot create container " + containerId + " on " + volume, e);
            }
        }
    }

    /** Bytes each volume's writable replicas may still take: each may grow to a whole container. */
    Map<DataVolume, Long> promised() {
        long containerSize = volumes.containerSize();
        Map<DataVolume, Long> promised = new HashMap<>();
        for (Container container : containers.values()) {
            ContainerRecord record = container.record();
            if (record.state().isWritable()) {
                promised.merge(container.volume(), Math.max(0, containerSize - record.usedBytes()), Long::sum);
            }
        }
        return promised;
    }

    /**
     * The container with this id.
     *
     * @throws ContainerResultException CONTAINER_MISSING when its replica here was lost with a failed volume,
     *     CONTAINER_NOT_FOUND when this datanode never had it or deleted it
     */
    public Container get(long containerId) throws ContainerResultException {
        Container container = containers.get(containerId);
        if (container == null) {
            if (missing.contains(containerId) && !missing.deleted(containerId)) {
                throw new ContainerResultException(
                        ContainerResult.CONTAINER_MISSING,
                        "container " + containerId + " was on a failed volume; its replica here is missing");
            }
            throw new ContainerResultException(
                    ContainerResult.CONTAINER_NOT_FOUND, "container " + containerId + " is not on this datanode");
        }
        return container;
    }

    /** Puts a copied container's files and record on its volume. */
    @FunctionalInterface
    public interface Installation {
        void run() throws IOException;
    }

    /**
     * Adds a container copied from another datanode. {@code installation} moves its files into place and commits its
     * record; it runs under the set's lock, so no replica of the same id appears meanwhile.
     *
     * @throws ContainerResultException CONTAINER_EXISTS when this datanode already has the container, IO_EXCEPTION
     *     when the installation fails
     */
    public synchronized Container install(DataVolume volume, ContainerRecord record, Installation installation)
            throws ContainerResultException {
        if (containers.containsKey(record.id())) {
            throw new ContainerResultException(
                    ContainerResult.CONTAINER_EXISTS, "container " + record.id() + " is already on this datanode");
        }
        try {
            installation.run();
        } catch (IOException | RuntimeException e) {
            volume.onIoError(e);
            throw new ContainerResultException(
                    ContainerResult.IO_EXCEPTION, "cannot install container " + record.id() + " on " + volume, e);
        }
        Container container = new Container(volume, record, listeners);
        containers.put(record.id(), container);
        missing.remove(record.id());
        LOG.info("[{}] installed copied container {} ({}) on {}", logPrefix, record.id(), record.state(), volume);
        return container;
    }

    /**
     * Takes a replica SCM deleted out of the set (it is no longer served nor reported, nor created again by a later
     * entry of its pipeline's log); false when it was not in it.
     */
    public boolean remove(Container container) {
        synchronized (this) {
            if (containers.get(container.id()) != container) {
                return false;
            }
            missing.addDeleted(container.id());
            containers.remove(container.id(), container);
        }
        listeners.containerRemoved(container.id());
        return true;
    }

    /** Told of every block deleted from a replica and every replica leaving the set, after the fact. */
    public interface Listener {
        void blockDeleted(long containerId, long localId);

        void containerRemoved(long containerId);
    }

    /** Adds a listener; it is called on the thread that deleted the block or removed the replica. */
    public void addListener(Listener listener) {
        listeners.all.add(Objects.requireNonNull(listener, "listener is null"));
    }

    /** The set's listeners, called in the order they were added. */
    static final class Listeners implements Listener {
        private final List<Listener> all = new CopyOnWriteArrayList<>();

        @Override
        public void blockDeleted(long containerId, long localId) {
            all.forEach(listener -> listener.blockDeleted(containerId, localId));
        }

        @Override
        public void containerRemoved(long containerId) {
            all.forEach(listener -> listener.containerRemoved(containerId));
        }
    }

    /** Number of configured data volumes, failed ones included. */
    public int volumeCount() {
        return volumes.all().size();
    }

    /**
     * Whether a write to the container may be taken: its volume is not full or, for a container not created yet, some
     * healthy volume is not.
     */
    public boolean hasRoomFor(long containerId) {
        Container container = containers.get(containerId);
        return container == null ? volumes.hasRoom() : !container.volume().isFull();
    }

    public Optional<Container> find(long containerId) {
        return Optional.ofNullable(containers.get(containerId));
    }

    public Collection<Container> all() {
        return List.copyOf(containers.values());
    }

    /** The containers created on a pipeline. */
    public List<Container> ofPipeline(String pipelineId) {
        return containers.values().stream()
                .filter(container -> container.record().pipelineId().equals(pipelineId))
                .toList();
    }

    /**
     * Makes every block committed so far durable on every healthy volume: PutBlocks are committed without a sync,
     * because the pipeline's Raft log can redo them, so this runs before a snapshot lets Ratis purge that log.
     *
     * @throws DbException when a volume's database cannot sync (the volume is then checked)
     */
    public void syncMetadata() {
        for (DataVolume volume : volumes.healthy()) {
            try {
                volume.database().syncWal();
            } catch (DbException e) {
                volume.onIoError(e);
                throw e;
            }
        }
    }

    /**
     * Syncs the block files of every container written from Raft log entries ({@link Container#syncLogged()}); a
     * replica whose file could not be synced becomes UNHEALTHY, as the log about to be purged held its only copy.
     */
    public void syncLogged() {
        for (Container container : containers.values()) {
            if (!container.syncLogged()) {
                container.lostWrite("a block file written from the Raft log");
            }
        }
    }

    /**
     * Records that SCM deleted a container this datanode does not serve (lost with a failed volume, or never here): a
     * later entry of its pipeline's log must not create it either.
     */
    public void markDeleted(long containerId) {
        synchronized (this) {
            if (!containers.containsKey(containerId)) {
                missing.addDeleted(containerId);
            }
        }
    }

    private void volumeFailed(DataVolume volume) {
        List<Long> removed = new ArrayList<>();
        synchronized (this) {
            for (Container container : List.copyOf(containers.values())) {
                if (container.volume() == volume && containers.remove(container.id(), container)) {
                    removed.add(container.id());
                }
            }
            missing.add(removed, volume);
        }
        removed.forEach(listeners::containerRemoved);
        LOG.error("[{}] {} containers of failed volume {} are missing", logPrefix, removed.size(), volume);
    }
}
