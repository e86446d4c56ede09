package dev.o3.client.io;

import com.google.protobuf.ByteString;
import dev.o3.common.checksum.ChecksumMismatchException;
import dev.o3.common.checksum.Crc32cChecksum;
import dev.o3.proto.container.BlockData;
import dev.o3.proto.hdds.BlockLocation;
import dev.o3.proto.hdds.ChunkInfo;
import dev.o3.proto.hdds.DatanodeDetails;
import java.io.IOException;

/** What a reader checks of a replica's answer before it returns a byte of it. Stateless. */
final class ChunkChecks {
    private ChunkChecks() {}

    /** Checks that the replica's answer is about this block (a mixed-up answer must not be read as its data). */
    static void checkServes(BlockLocation block, DatanodeDetails replica, BlockData data) throws IOException {
        long containerId = block.getBlockId().getContainerId();
        long localId = block.getBlockId().getLocalId();
        if (data.getBlockId().getContainerId() != containerId
                || data.getBlockId().getLocalId() != localId) {
            throw new IOException(replica.getUuid() + " answered for block "
                    + data.getBlockId().getContainerId() + "/"
                    + data.getBlockId().getLocalId() + " when asked for " + containerId + "/" + localId);
        }
    }

    /** The block's chunk holding offset {@code inBlock}. */
    static ChunkInfo chunkAt(BlockData data, long inBlock) throws IOException {
        for (ChunkInfo chunk : data.getChunksList()) {
            if (inBlock >= chunk.getOffset() && inBlock < chunk.getOffset() + chunk.getLength()) {
                return chunk;
            }
        }
        throw new IOException("block " + data.getBlockId().getLocalId() + " has no chunk at offset " + inBlock);
    }

    /** Checks the chunk's length and every CRC32C of its data. */
    static void verify(ChunkInfo chunk, ByteString bytes) throws IOException {
        if (bytes.size() != chunk.getLength()) {
            throw new IOException(
                    "chunk " + chunk.getChunkName() + " has " + bytes.size() + " bytes, expected " + chunk.getLength());
        }
        int[] expected = chunk.getChecksum().getChecksumsList().stream()
                .mapToInt(Integer::intValue)
                .toArray();
        try {
            new Crc32cChecksum(chunk.getChecksum().getBytesPerChecksum())
                    .verify(bytes.asReadOnlyByteBuffer(), expected);
        } catch (ChecksumMismatchException e) {
            throw new IOException("chunk " + chunk.getChunkName() + ": " + e.getMessage(), e);
        } catch (IllegalArgumentException e) {
            throw new IOException("chunk " + chunk.getChunkName() + " has malformed checksums: " + e.getMessage(), e);
        }
    }

    /**
     * The part of a verified chunk that lies within the block's committed length: bytes a replica holds past it (a
     * chunk the writer gave up on) are not the key's, whose next bytes are in its next block.
     */
    static ByteString withinBlock(BlockLocation block, long chunkStart, ByteString chunk) {
        long inBlock = block.getOffsetInKey() + block.getLength() - chunkStart;
        return inBlock < chunk.size() ? chunk.substring(0, (int) inBlock) : chunk;
    }
}
