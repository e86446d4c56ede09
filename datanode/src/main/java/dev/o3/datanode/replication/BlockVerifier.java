package dev.o3.datanode.replication;

import dev.o3.proto.container.BlockData;
import dev.o3.proto.hdds.ChecksumType;
import dev.o3.proto.hdds.ChunkInfo;
import java.nio.ByteBuffer;
import java.util.Comparator;
import java.util.List;
import java.util.zip.CRC32C;

/**
 * Checks a block's data against the CRC32C checksums of its chunks while the data streams by, so the destination
 * never reads a copied file back. The data is the whole block file (or the block's bytes kept in the database), in
 * order; chunks are ranges of it, each checksummed per {@code bytes_per_checksum} slice. Bytes outside every chunk
 * are not covered. Not thread-safe.
 */
final class BlockVerifier {
    private final long localId;
    private final List<ChunkInfo> chunks;
    private final CRC32C crc = new CRC32C();
    private long position;
    private int chunkIndex;
    private int sliceIndex;

    /**
     * @throws ReplicationException when the chunks overlap, lie past the data or have checksums that do not cover them
     */
    BlockVerifier(BlockData block, long dataLength) throws ReplicationException {
        this.localId = block.getBlockId().getLocalId();
        this.chunks = block.getChunksList().stream()
                .sorted(Comparator.comparingLong(ChunkInfo::getOffset))
                .toList();
        long end = 0;
        for (ChunkInfo chunk : chunks) {
            if (chunk.getOffset() < end) {
                throw new ReplicationException("block " + localId + " has overlapping chunks");
            }
            end = chunk.getOffset() + chunk.getLength();
            if (checked(chunk) && chunk.getChecksum().getChecksumsCount() != sliceCount(chunk)) {
                throw new ReplicationException("block " + localId + ": chunk at " + chunk.getOffset() + " has "
                        + chunk.getChecksum().getChecksumsCount() + " checksums for " + chunk.getLength() + " bytes");
            }
        }
        if (end > dataLength) {
            throw new ReplicationException(
                    "block " + localId + " has chunks up to byte " + end + " but only " + dataLength + " bytes");
        }
        skipEmptyChunks();
    }

    /**
     * Checks the buffer's remaining bytes, the next ones of the block; the buffer's position is not changed.
     *
     * @throws ReplicationException at the first slice that does not match its checksum
     */
    void update(ByteBuffer data) throws ReplicationException {
        ByteBuffer view = data.duplicate();
        while (view.hasRemaining()) {
            if (chunkIndex == chunks.size()) {
                position += view.remaining();
                return;
            }
            ChunkInfo chunk = chunks.get(chunkIndex);
            if (position < chunk.getOffset()) {
                int skipped = (int) Math.min(view.remaining(), chunk.getOffset() - position);
                view.position(view.position() + skipped);
                position += skipped;
                continue;
            }
            long sliceEnd = Math.min(
                    chunk.getOffset() + (long) (sliceIndex + 1) * bytesPerSlice(chunk),
                    chunk.getOffset() + chunk.getLength());
            int length = (int) Math.min(view.remaining(), sliceEnd - position);
            if (checked(chunk)) {
                crc.update(view.slice(view.position(), length));
            }
            view.position(view.position() + length);
            position += length;
            if (position == sliceEnd) {
                endSlice(chunk);
            }
        }
    }

    /**
     * Checks that every chunk was covered.
     *
     * @throws ReplicationException when the data ended before the last chunk
     */
    void finish() throws ReplicationException {
        if (chunkIndex != chunks.size()) {
            throw new ReplicationException("block " + localId + " ended at byte " + position + " inside a chunk");
        }
    }

    private void endSlice(ChunkInfo chunk) throws ReplicationException {
        if (checked(chunk)) {
            int expected = chunk.getChecksum().getChecksums(sliceIndex);
            int actual = (int) crc.getValue();
            crc.reset();
            if (expected != actual) {
                throw new ReplicationException(String.format(
                        "block %d: checksum mismatch in chunk at %d, slice %d (expected %08x, got %08x)",
                        localId, chunk.getOffset(), sliceIndex, expected, actual));
            }
        }
        sliceIndex++;
        if (position == chunk.getOffset() + chunk.getLength()) {
            chunkIndex++;
            sliceIndex = 0;
            skipEmptyChunks();
        }
    }

    private void skipEmptyChunks() {
        while (chunkIndex < chunks.size() && chunks.get(chunkIndex).getLength() == 0) {
            chunkIndex++;
        }
    }

    private static boolean checked(ChunkInfo chunk) {
        return chunk.getChecksum().getType() == ChecksumType.CRC32C
                && chunk.getChecksum().getChecksumsCount() > 0;
    }

    /** Bytes per checksum slice; an unchecked chunk is one slice. */
    private static long bytesPerSlice(ChunkInfo chunk) {
        return checked(chunk) ? chunk.getChecksum().getBytesPerChecksum() : Math.max(1, chunk.getLength());
    }

    private static long sliceCount(ChunkInfo chunk) {
        long bytes = chunk.getChecksum().getBytesPerChecksum();
        return bytes <= 0 ? -1 : (chunk.getLength() + bytes - 1) / bytes;
    }
}
