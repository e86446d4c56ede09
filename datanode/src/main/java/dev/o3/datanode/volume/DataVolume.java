package dev.o3.datanode.volume;

import com.sun.nio.file.ExtendedOpenOption;
import dev.o3.datanode.container.ContainerRecord;
import dev.o3.proto.container.BlockData;
import dev.o3.server.db.Database;
import dev.o3.server.db.DbException;
import dev.o3.server.db.Table;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Objects;
import java.util.OptionalInt;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One data disk ({@code hdds.datanode.dir} entry). Layout: {@code <root>/container.db} (the volume's RocksDB, {@link
 * VolumeSchema}) and {@code <root>/containers/<containerId>/<localId>.block} (one chunk file per block).
 *
 * <p>Whether its file system takes direct (O_DIRECT) writes, and their alignment, is probed once when it opens ({@link
 * #directIoAlignment()}).
 *
 * <p>Thread-safe. A volume that fails an I/O check is marked failed once and for all (until restart); its listener
 * takes its containers out of service while the node keeps serving from the other volumes.
 */
public final class DataVolume implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(DataVolume.class);
    /** Larger alignments (none seen in practice) are treated as no direct I/O. */
    public static final int MAX_DIRECT_IO_ALIGNMENT = 64 * 1024;

    private final String logPrefix;
    private final Path root;
    private final Database db;
    private final int directIoAlignment;
    private final VolumeRoom room;
    private final AtomicReference<String> failure = new AtomicReference<>();
    private volatile Consumer<DataVolume> failureListener = volume -> {};

    private DataVolume(
            String logPrefix, Path root, Database db, int directIoAlignment, long minFreeSpace, String failure) {
        this.logPrefix = logPrefix;
        this.root = root;
        this.db = db;
        this.directIoAlignment = directIoAlignment;
        this.room = new VolumeRoom("[" + logPrefix + "] volume " + root, minFreeSpace);
        this.failure.set(failure);
    }

    /**
     * Opens (formatting if new) a volume that keeps {@code minFreeSpace} bytes free; a volume that cannot be opened is
     * returned already failed.
     */
    static DataVolume open(String logPrefix, Path root, long minFreeSpace) {
        try {
            Path containers = Files.createDirectories(root.resolve("containers"));
            int alignment = probeDirectIo(logPrefix, containers);
            return new DataVolume(
                    logPrefix,
                    root,
                    Database.open(root.resolve("container.db"), VolumeSchema.SCHEMA),
                    alignment,
                    minFreeSpace,
                    null);
        } catch (IOException | RuntimeException e) {
            LOG.error("[{}] volume {} cannot be opened and is out of service", logPrefix, root, e);
            return new DataVolume(logPrefix, root, null, 0, minFreeSpace, "open failed: " + e);
        }
    }

    /**
     * Writes one block of a probe file with O_DIRECT; the file system's block size if that works, else 0 (tmpfs and
     * some network file systems refuse O_DIRECT).
     */
    private static int probeDirectIo(String logPrefix, Path directory) throws IOException {
        Path probe = directory.resolve(".direct-io-probe");
        try {
            long blockSize = Files.getFileStore(directory).getBlockSize();
            if (blockSize <= 0 || blockSize > MAX_DIRECT_IO_ALIGNMENT || Long.bitCount(blockSize) != 1) {
                LOG.info("[{}] {}: no direct writes, block size {}", logPrefix, directory, blockSize);
                return 0;
            }
            int alignment = (int) blockSize;
            ByteBuffer block = ByteBuffer.allocateDirect(2 * alignment)
                    .alignedSlice(alignment)
                    .limit(alignment);
            try (FileChannel channel = FileChannel.open(
                    probe, StandardOpenOption.CREATE, StandardOpenOption.WRITE, ExtendedOpenOption.DIRECT)) {
                channel.write(block, 0);
            }
            return alignment;
        } catch (IOException | UnsupportedOperationException e) {
            LOG.info(
                    "[{}] {}: no direct writes, the file system refuses O_DIRECT ({})",
                    logPrefix,
                    directory,
                    e.toString());
            return 0;
        } finally {
            Files.deleteIfExists(probe);
        }
    }

    public Path root() {
        return root;
    }

    /** Directory of a container's block files. */
    public Path containerDir(long containerId) {
        return root.resolve("containers").resolve(Long.toString(containerId));
    }

    /** The chunk file of a block. */
    public Path blockFile(long containerId, long localId) {
        return containerDir(containerId).resolve(localId + ".block");
    }

    /**
     * The alignment of offsets, lengths and buffer addresses that direct (O_DIRECT) writes to this volume need; empty
     * when its file system does not take them.
     */
    public OptionalInt directIoAlignment() {
        return directIoAlignment > 0 ? OptionalInt.of(directIoAlignment) : OptionalInt.empty();
    }

    public boolean isFailed() {
        return failure.get() != null;
    }

    /** The container records of this volume. */
    public Table<Long, ContainerRecord> containers() {
        return database().table(VolumeSchema.CONTAINERS);
    }

    /** The committed blocks of this volume's containers. */
    public Table<BlockKey, BlockData> blocks() {
        return database().table(VolumeSchema.BLOCKS);
    }

    /** The data of the small blocks stored in the database instead of block files. */
    public Table<BlockKey, byte[]> blockContents() {
        return database().table(VolumeSchema.BLOCK_CONTENTS);
    }

    /** The containers this datanode lost with failed volumes (every healthy volume keeps them all). */
    public Table<Long, String> missingContainers() {
        return database().table(VolumeSchema.MISSING_CONTAINERS);
    }

    public Database database() {
        if (db == null) {
            throw new IllegalStateException("volume " + root + " failed: " + failure.get());
        }
        return db;
    }

    /** Space of the volume's file system; zero once failed. */
    public VolumeUsage usage() {
        if (isFailed()) {
            return VolumeUsage.NONE;
        }
        try {
            FileStore store = Files.getFileStore(root);
            long capacity = store.getTotalSpace();
            long available = store.getUsableSpace();
            room.update(available);
            return new VolumeUsage(capacity, capacity - store.getUnallocatedSpace(), available);
        } catch (IOException e) {
            onIoError(e);
            return VolumeUsage.NONE;
        }
    }

    /** Bytes that may still be written before the volume is full: its free space above what it keeps free. */
    public long spare() {
        return usage().available() - room.minFreeSpace();
    }

    /**
     * Whether the volume's free space is below what it keeps free ({@code hdds.datanode.volume.min.free.space}), so
     * it takes no new writes; cheap enough to ask per write.
     */
    public boolean isFull() {
        if (room.stale()) {
            var unused = usage();
        }
        return room.full();
    }

    /**
     * Checks the volume after an I/O error on it (a missing block file is not a disk failure, an unwritable volume
     * is) and marks it failed when the check fails. Running out of space makes the volume full, not failed: its disk
     * works and its data stays readable; the writer deals with what it could not write (a chunk write makes its
     * replica UNHEALTHY, {@link dev.o3.datanode.container.ChunkStore}). Only the volume's database running out of
     * space fails the volume without a check: RocksDB then refuses every later write, so none of the volume's
     * replicas could record a block. The min free space and the space promised to open containers are there so that
     * writes never get that far.
     */
    public void onIoError(Exception cause) {
        if (VolumeRoom.isOutOfSpace(cause)) {
            if (isDatabaseFailure(cause)) {
                markFailed("out of space during a database write: " + cause);
            } else {
                room.outOfSpace(cause);
            }
            return;
        }
        if (!isFailed() && !check()) {
            markFailed("I/O error: " + cause);
        }
    }

    /** Whether a failure (or one of its causes) is the file system running out of space or quota. */
    public static boolean isOutOfSpace(Throwable failure) {
        return VolumeRoom.isOutOfSpace(failure);
    }

    private static boolean isDatabaseFailure(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof DbException) {
                return true;
            }
        }
        return false;
    }

    /**
     * Writes, reads and deletes a probe file; false when the volume is unusable. A probe that finds no space left marks
     * the volume full, not failed: the disk works, nothing was lost, and its data stays readable (the periodic check
     * used to fail a volume that something else had filled).
     */
    public boolean check() {
        if (isFailed()) {
            return false;
        }
        Path probe = root.resolve("containers")
                .resolve(".probe-" + Thread.currentThread().getId());
        try {
            Files.writeString(probe, "o3", StandardCharsets.UTF_8);
            boolean ok =
                    "o3".equals(Files.readString(probe, StandardCharsets.UTF_8)) && Files.isDirectory(db.directory());
            Files.deleteIfExists(probe);
            return ok;
        } catch (IOException | UncheckedIOException e) {
            if (VolumeRoom.isOutOfSpace(e)) {
                room.outOfSpace(e);
                deleteQuietly(probe);
                return true;
            }
            return false;
        }
    }

    private static void deleteQuietly(Path file) {
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            LOG.debug("cannot delete {}: {}", file, e.toString());
        }
    }

    /** Takes the volume out of service; idempotent. */
    public void markFailed(String reason) {
        if (failure.compareAndSet(null, Objects.requireNonNull(reason, "reason is null"))) {
            LOG.error("[{}] volume {} failed ({}): its containers are reported missing", logPrefix, root, reason);
            failureListener.accept(this);
        }
    }

    void setFailureListener(Consumer<DataVolume> listener) {
        this.failureListener = Objects.requireNonNull(listener, "listener is null");
    }

    @Override
    public void close() {
        if (db != null) {
            db.close();
        }
    }

    @Override
    public String toString() {
        return root.toString();
    }
}
