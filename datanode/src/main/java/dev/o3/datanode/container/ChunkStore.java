package dev.o3.datanode.container;

import com.google.protobuf.ByteString;
import com.sun.nio.file.ExtendedOpenOption;
import dev.o3.datanode.metrics.DatanodeMetrics;
import dev.o3.datanode.volume.BlockKey;
import dev.o3.datanode.volume.DataVolume;
import dev.o3.proto.container.BlockData;
import dev.o3.proto.container.ContainerResult;
import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.NoSuchFileException;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * Reads and writes chunk data in block files (one file per block, a chunk at its offset in the block). A small block
 * written whole from its Raft log entry has no file: its data is in the volume's database ({@link
 * Container#commitBlockWithData}), and {@link #read} finds it there. Writes are
 * positional, so chunks of one block may land in any order and a replayed write rewrites the same bytes. Thread-safe
 * (each call opens its own channel); I/O errors trigger the volume's check.
 *
 * <p>A chunk whose Raft log entry holds its data ({@link #writeLogged}) is not synced when written: the synced log is
 * its durable copy until its container syncs the block file.
 *
 * <p>A synced write whose offset and length are multiples of its volume's block size goes past the page cache
 * (O_DIRECT, {@link DirectWrites}) when direct writes are on: it is synced anyway, so caching its pages only costs a
 * copy. Other writes, such as the last, partial chunk of a block, go through the page cache.
 */
public final class ChunkStore {
    private static final OpenOption[] BUFFERED = {StandardOpenOption.CREATE, StandardOpenOption.WRITE};
    private static final OpenOption[] DIRECT = {
        StandardOpenOption.CREATE, StandardOpenOption.WRITE, ExtendedOpenOption.DIRECT
    };

    private final DatanodeMetrics metrics;
    private final boolean syncWrites;
    private final boolean directWrites;

    /**
     * @param syncWrites fsync each chunk written by {@link #write} ({@code hdds.container.chunk.write.sync})
     * @param directWrites write aligned synced chunks with O_DIRECT where the volume allows ({@code
     *     hdds.container.chunk.write.direct})
     */
    public ChunkStore(DatanodeMetrics metrics, boolean syncWrites, boolean directWrites) {
        this.metrics = Objects.requireNonNull(metrics, "metrics is null");
        this.syncWrites = syncWrites;
        this.directWrites = directWrites;
    }

    /**
     * Writes chunk data at {@code offset} of the block's file.
     *
     * @throws ContainerResultException IO_EXCEPTION when the write fails
     */
    public void write(Container container, long localId, long offset, ByteString data) throws ContainerResultException {
        write(container, localId, offset, data, syncWrites);
    }

    private void write(Container container, long localId, long offset, ByteString data, boolean sync)
            throws ContainerResultException {
        Path file = container.volume().blockFile(container.id(), localId);
        int alignment = sync ? directAlignment(container, offset, data.size()) : 0;
        long start = System.nanoTime();
        try (FileChannel channel = FileChannel.open(file, alignment > 0 ? DIRECT : BUFFERED)) {
            if (alignment > 0) {
                DirectWrites.write(channel, offset, data, alignment);
            } else {
                long position = offset;
                for (ByteBuffer buffer : data.asReadOnlyByteBufferList()) {
                    while (buffer.hasRemaining()) {
                        position += channel.write(buffer, position);
                    }
                }
            }
            if (sync) {
                // After a direct write too: it may have grown the file, and the disk may still cache the data.
                channel.force(false);
            }
        } catch (IOException e) {
            throw writeFailure(container, localId, e);
        }
        String volume = container.volume().toString();
        metrics.recordVolumeWrite(volume, data.size(), System.nanoTime() - start);
        if (alignment > 0) {
            metrics.recordDirectWrite(volume, data.size());
        }
    }

    /**
     * A chunk write that ran out of space leaves this replica without data its pipeline took, which the other
     * replicas may have: the replica becomes UNHEALTHY and its volume full, and the volume's other containers stay in
     * service. Any other error has the volume checked.
     */
    private static ContainerResultException writeFailure(Container container, long localId, IOException e) {
        container.volume().onIoError(e);
        if (DataVolume.isOutOfSpace(e)) {
            container.lostWrite("a chunk of block " + localId + " (" + e.getMessage() + ")");
            return new ContainerResultException(
                    ContainerResult.DISK_OUT_OF_SPACE, "no space for block " + localId + " of " + container, e);
        }
        return new ContainerResultException(
                ContainerResult.IO_EXCEPTION, "cannot write block " + localId + " of " + container + ": " + e, e);
    }

    /** The alignment to write this chunk directly with, or 0 to write it through the page cache. */
    private int directAlignment(Container container, long offset, long length) {
        if (!directWrites || length == 0) {
            return 0;
        }
        OptionalInt alignment = container.volume().directIoAlignment();
        return alignment.isPresent() && DirectWrites.aligned(offset, length, alignment.getAsInt())
                ? alignment.getAsInt()
                : 0;
    }

    /**
     * Writes chunk data that its Raft log entry also holds, without an fsync: the container records the block file and
     * syncs it before a snapshot lets the log go or before the replica stops accepting writes ({@link
     * Container#syncLogged()}).
     *
     * @throws ContainerResultException when the container is not writable or the write fails
     */
    public void writeLogged(Container container, long localId, long offset, ByteString data)
            throws ContainerResultException {
        container.writeLogged(localId, () -> write(container, localId, offset, data, false));
    }

    /**
     * Commits a small block whose one chunk, carried by its Raft log entry, is its whole data: {@link
     * #commitWholeBlocks} for one block.
     *
     * @return the committed block (the stored one for a replay)
     * @throws ContainerResultException when the container is not writable or the database fails
     */
    public BlockData commitWholeBlock(Container container, BlockData block, long bcsid, ByteString data)
            throws ContainerResultException {
        return commitWholeBlocks(container, List.of(new BlockCommit(block, Optional.of(data.toByteArray()))), bcsid)
                .get(0);
    }

    /**
     * Commits small blocks whose one chunk each, carried by their Raft log entry, is their whole data: data and
     * metadata go into the volume's database together, in one batch ({@link Container#commitBlocks}), and no block
     * file is made.
     *
     * @param blocks each with its data
     * @return the committed blocks, in order (the stored ones for a replay)
     * @throws ContainerResultException when the container is not writable or the database fails
     */
    public List<BlockData> commitWholeBlocks(Container container, List<BlockCommit> blocks, long bcsid)
            throws ContainerResultException {
        long start = System.nanoTime();
        List<BlockData> committed = container.commitBlocks(blocks, bcsid);
        long bytes = blocks.stream()
                .mapToLong(block -> block.data().map(data -> data.length).orElse(0))
                .sum();
        metrics.recordVolumeWrite(container.volume().toString(), bytes, System.nanoTime() - start);
        return committed;
    }

    /**
     * Reads {@code length} bytes at {@code offset} of the block's file, or of its data in the database.
     *
     * @throws ContainerResultException NO_SUCH_BLOCK when the file or range is missing, IO_EXCEPTION on errors
     */
    public ByteBuffer read(Container container, long localId, long offset, int length) throws ContainerResultException {
        long start = System.nanoTime();
        // A small block written whole from the log has no file: its data is in the volume's database. Looking there
        // first costs a file-backed read one bloom-filter miss; opening the absent file first cost every small read a
        // failed open and its exception's stack trace (1% of a 4 KB GET load's CPU).
        Optional<ByteBuffer> stored = readStored(container, localId, offset, length);
        if (stored.isPresent()) {
            metrics.recordVolumeRead(container.volume().toString(), length, System.nanoTime() - start);
            return stored.get();
        }
        Path file = container.volume().blockFile(container.id(), localId);
        ByteBuffer buffer = ByteBuffer.allocate(length);
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            while (buffer.hasRemaining()) {
                if (channel.read(buffer, offset + buffer.position()) < 0) {
                    throw new EOFException("block file " + file + " ends before " + (offset + length));
                }
            }
        } catch (NoSuchFileException e) {
            throw noSuchBlock(container, e);
        } catch (EOFException e) {
            container.volume().onIoError(e);
            throw new ContainerResultException(ContainerResult.NO_SUCH_BLOCK, e.getMessage(), e);
        } catch (IOException e) {
            container.volume().onIoError(e);
            throw new ContainerResultException(
                    ContainerResult.IO_EXCEPTION, "cannot read block " + localId + " of " + container + ": " + e, e);
        }
        metrics.recordVolumeRead(container.volume().toString(), length, System.nanoTime() - start);
        return buffer.flip();
    }

    /** The range of a block stored in the database, if the block is stored there and holds the whole range. */
    private static Optional<ByteBuffer> readStored(Container container, long localId, long offset, int length) {
        return container
                .volume()
                .blockContents()
                .get(new BlockKey(container.id(), localId))
                .filter(data -> offset >= 0 && offset + length <= data.length)
                .map(data -> ByteBuffer.wrap(data, (int) offset, length).slice());
    }

    private static ContainerResultException noSuchBlock(Container container, NoSuchFileException e) {
        container.volume().onIoError(e);
        return new ContainerResultException(ContainerResult.NO_SUCH_BLOCK, e.getMessage(), e);
    }
}
