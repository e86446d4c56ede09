package dev.o3.datanode.volume;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

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

    /** Opens every directory; ones that cannot be opened are kept as failed volumes (and reported). */
    public static VolumeSet open(String logPrefix, List<Path> dirs, long containerSize) {
        List<DataVolume> volumes = new ArrayList<>();
        for (Path dir : dirs) {
            volumes.add(DataVolume.open(logPrefix, dir));
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

    /**
     * The volume for a new container.
     *
     * @throws NoVolumeException when no healthy volume has room for it
     */
    public DataVolume choose() throws NoVolumeException {
        List<DataVolume> candidates = healthy().stream()
                .filter(volume -> volume.usage().available() >= containerSize)
                .toList();
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
