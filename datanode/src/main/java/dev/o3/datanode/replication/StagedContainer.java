package dev.o3.datanode.replication;

import dev.o3.datanode.container.Container;
import dev.o3.datanode.container.ContainerRecord;
import dev.o3.datanode.container.ContainerResultException;
import dev.o3.datanode.container.ContainerSet;
import dev.o3.datanode.volume.BlockKey;
import dev.o3.datanode.volume.DataVolume;
import dev.o3.proto.container.BlockData;
import dev.o3.proto.replication.BlockHeader;
import dev.o3.server.db.Batch;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;

/**
 * A container being copied in, kept apart until it is complete and checked: block files go to {@code
 * <volume>/tmp/container-copy/<id>-<nanos>/blocks/}, block rows to a file beside them (a container's rows may not fit
 * in memory). {@link #install} moves the block files into place, loads the rows into the volume's database and only
 * then commits the container record and adds the container to the set, so a crash or failure before that leaves no
 * container (its leftovers are cleaned up by the next copy of the same container, or at start). Not thread-safe.
 */
final class StagedContainer implements AutoCloseable {
    /** Directory, relative to a volume's root, of the copies in progress. */
    static final String STAGING_DIR = "tmp/container-copy";

    private static final int ROWS_PER_BATCH = 1000;
    private static final long BYTES_PER_BATCH = 8 << 20;

    private final DataVolume volume;
    private final long containerId;
    private final BlockFileWriter writer;
    private final Path dir;
    private final Path blocksDir;
    private final Path rowsFile;
    private final OutputStream rows;
    private FileChannel file;
    private long filePosition;

    private StagedContainer(DataVolume volume, long containerId, BlockFileWriter writer, Path dir) throws IOException {
        this.volume = volume;
        this.containerId = containerId;
        this.writer = writer;
        this.dir = dir;
        this.blocksDir = Files.createDirectories(dir.resolve("blocks"));
        this.rowsFile = dir.resolve("blocks.rows");
        this.rows = new BufferedOutputStream(Files.newOutputStream(rowsFile, StandardOpenOption.CREATE_NEW), 1 << 16);
    }

    /** Creates the staging directory of a copy of the container on the volume. */
    static StagedContainer create(DataVolume volume, long containerId, BlockFileWriter writer) throws IOException {
        Path dir = volume.root().resolve(STAGING_DIR).resolve(containerId + "-" + System.nanoTime());
        Files.createDirectories(dir);
        try {
            return new StagedContainer(volume, containerId, writer, dir);
        } catch (IOException e) {
            FileTrees.deleteRecursively(dir);
            throw e;
        }
    }

    DataVolume volume() {
        return volume;
    }

    /** Records a block's row (and its data, for a block kept in the database). */
    void addBlock(BlockHeader block) throws IOException {
        block.writeDelimitedTo(rows);
    }

    /** Starts the file of a block; the bytes {@link #write} receives go to it until {@link #closeFile}. */
    void openFile(long localId) throws IOException {
        file = FileChannel.open(
                blocksDir.resolve(volume.blockFile(containerId, localId).getFileName()),
                StandardOpenOption.CREATE_NEW,
                StandardOpenOption.WRITE);
        filePosition = 0;
    }

    /** Writes all remaining bytes of the buffer to the current block file. */
    void write(ByteBuffer data) throws IOException {
        while (data.hasRemaining()) {
            filePosition += writer.write(file, data, filePosition);
        }
    }

    /** Syncs and closes the current block file. */
    void closeFile() throws IOException {
        try (FileChannel done = file) {
            done.force(false);
        } finally {
            file = null;
        }
    }

    /**
     * Makes the copy a container of this datanode.
     *
     * @throws ContainerResultException CONTAINER_EXISTS when the datanode got the container meanwhile, IO_EXCEPTION
     *     when the files or rows cannot be put in place
     * @throws IOException when the staged rows cannot be read
     */
    Container install(ContainerSet containers, ContainerRecord record) throws ContainerResultException, IOException {
        rows.close();
        FileTrees.syncDirectory(blocksDir);
        Path target = volume.containerDir(containerId);
        // Leftovers of a copy or deletion that crashed half-way; the container is not in the set (checked before
        // the copy started, and again under the set's lock below).
        FileTrees.deleteRecursively(target);
        BlockRows.delete(volume, containerId);
        loadRows();
        return containers.install(volume, record, () -> {
            Files.move(blocksDir, target, StandardCopyOption.ATOMIC_MOVE);
            FileTrees.syncDirectory(target.getParent());
            try (Batch batch = volume.database().newBatch()) {
                volume.containers().put(batch, containerId, record);
                volume.database().commit(batch);
            }
        });
    }

    /** Deletes the staging directory (a no-op once the block files were moved into place, but for the rows file). */
    @Override
    public void close() throws IOException {
        try {
            rows.close();
            if (file != null) {
                file.close();
                file = null;
            }
        } finally {
            FileTrees.deleteRecursively(dir);
        }
    }

    private void loadRows() throws IOException {
        try (InputStream in = new BufferedInputStream(Files.newInputStream(rowsFile), 1 << 16)) {
            boolean more = true;
            while (more) {
                try (Batch batch = volume.database().newBatch()) {
                    int count = 0;
                    long bytes = 0;
                    while (count < ROWS_PER_BATCH && bytes < BYTES_PER_BATCH) {
                        BlockHeader header = BlockHeader.parseDelimitedFrom(in);
                        if (header == null) {
                            more = false;
                            break;
                        }
                        BlockData block = header.getBlock();
                        BlockKey key =
                                new BlockKey(containerId, block.getBlockId().getLocalId());
                        volume.blocks().put(batch, key, block);
                        if (header.getStoredInDb()) {
                            volume.blockContents()
                                    .put(batch, key, header.getStoredData().toByteArray());
                        }
                        count++;
                        bytes += header.getSerializedSize();
                    }
                    // Synced with the container record's batch, which follows in the same write-ahead log.
                    volume.database().commitWithoutSync(batch);
                }
            }
        }
    }
}
