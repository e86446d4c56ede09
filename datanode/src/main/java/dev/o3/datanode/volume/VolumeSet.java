package dev.o3.datanode.volume;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.function.ToLongFunction;

/**
 * The data volumes of a datanode. New containers go round-robin over the healthy volumes with room for one more
 * container, so the write load of many containers spreads over every disk. Thread-safe.
 */
public final class VolumeSet implements AutoCloseable {
    private final List<DataVolume> volumes;
    private final long containerSize;
    private final AtomicInteger next = new AtomicInteger();

    private VolumeSet(List<DataVolume> volumes, long containerSize) {
        this.volumes = List.copyOf(volumes);
        this.containerSize = containerSize;
    }

    /** Opens every directory, keeping no space free; ones that cannot be opened are kept as failed volumes. */
    public static VolumeSet open(String logPrefix, List<Path> dirs, long containerSize) {
        return open(logPrefix, dirs, containerSize, 0);
    }

    /**
     * Opens every directory, each volume keeping {@code minFreeSpace} bytes free (below it it is full); ones that
     * cannot be opened are kept as failed volumes (and reported).
     */
    public static VolumeSet open(String logPrefix, List<Path> dirs, long containerSize, long minFreeSpace) {
        List<DataVolume> volumes = new ArrayList<>();
        for (Path dir : dirs) {
            volumes.add(DataVolume.open(logPrefix, dir, minFreeSpace));
        }
        return new VolumeSet(volumes, containerSize);
    }

    /** Called once per volume that fails after start. */
    public void onFailure(Consumer<DataVolume> listener) {
        Objects.requireNonNull(listener, "listener is null");
        volumes.forEach(volume -> volume.setFailureListener(listener));
    }

    public List<DataVolume> all() {
        return volumes;
    }

    public List<DataVolume> healthy() {
        return volumes.stream().filter(volume -> !volume.isFailed()).toList();
    }

    /** The size a container grows to before SCM closes it ({@code ozone.scm.container.size}). */
    public long containerSize() {
        return containerSize;
    }

    /** Whether some healthy volume is not full: a new container could be written. */
    public boolean hasRoom() {
        return healthy().stream().anyMatch(volume -> !volume.isFull());
    }

    /**
     * The volume for a new container: a healthy one with room for a whole container besides what its open containers
     * may still write ({@code promised}: each may grow to a whole container) and the space it keeps free, else one
     * that is not full, else any healthy one (a replica applying its pipeline's log must not refuse what its leader
     * took). Counting the promised space keeps a disk from taking more open containers than it can fill: writes
     * that then ran out of space on every replica of a container at once made it unreadable.
     *
     * @throws NoVolumeException when no volume is healthy
     */
    public DataVolume choose(ToLongFunction<DataVolume> promised) throws NoVolumeException {
        List<DataVolume> candidates = healthy().stream()
                .filter(volume -> !volume.isFull() && volume.spare() - promised.applyAsLong(volume) >= containerSize)
                .toList();
        if (candidates.isEmpty()) {
            candidates = healthy().stream().filter(volume -> !volume.isFull()).toList();
        }
        if (candidates.isEmpty()) {
            candidates = healthy();
        }
        if (candidates.isEmpty()) {
            throw new NoVolumeException("no healthy data volume among " + volumes);
        }
        return candidates.get(Math.floorMod(next.getAndIncrement(), candidates.size()));
    }

    /** Runs the I/O check of every healthy volume, marking failed ones. */
    public void checkAll() {
        for (DataVolume volume : healthy()) {
            if (!volume.check()) {
                volume.markFailed("periodic volume check failed");
            }
        }
    }

    @Override
    public void close() {
        volumes.forEach(DataVolume::close);
    }

    /** No volume can take a new container. */
    public static final class NoVolumeException extends Exception {
        private static final long serialVersionUID = 1L;

        public NoVolumeException(String message) {
            super(message);
        }
    }
}
