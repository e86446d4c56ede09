package dev.o3.benchmarks.replication;

import com.google.protobuf.ByteString;
import com.google.protobuf.UnsafeByteOperations;
import dev.o3.common.container.ChunkChecksums;
import dev.o3.datanode.container.ChunkStore;
import dev.o3.datanode.container.Container;
import dev.o3.datanode.container.ContainerResultException;
import dev.o3.datanode.container.ContainerSet;
import dev.o3.datanode.container.ReplicaState;
import dev.o3.proto.container.BlockData;
import dev.o3.proto.hdds.BlockId;
import dev.o3.proto.hdds.ChunkInfo;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Writes a closed container of a given size through the datanode's own chunk store: blocks of {@link #BLOCK_SIZE} in
 * chunks of {@link #CHUNK_SIZE}, CRC32C per {@link #BYTES_PER_CHECKSUM} as the client computes them.
 */
final class GeneratedContainer {
    static final int CHUNK_SIZE = 4 << 20;
    static final long BLOCK_SIZE = 256L << 20;
    static final int BYTES_PER_CHECKSUM = 16 << 10;

    private GeneratedContainer() {}

    /**
     * Writes the container and returns its block files.
     *
     * @throws ContainerResultException when the chunk store fails
     */
    static List<Path> write(ContainerSet containers, ChunkStore chunks, long containerId, long size)
            throws ContainerResultException {
        Container container = containers.getOrCreate(containerId, "benchmark");
        byte[] pattern = new byte[CHUNK_SIZE];
        new Random(containerId).nextBytes(pattern);
        List<Path> files = new ArrayList<>();
        long written = 0;
        long localId = 1;
        while (written < size) {
            long blockBytes = Math.min(BLOCK_SIZE, size - written);
            BlockData.Builder block = BlockData.newBuilder()
                    .setBlockId(BlockId.newBuilder().setContainerId(containerId).setLocalId(localId));
            for (long offset = 0; offset < blockBytes; offset += CHUNK_SIZE) {
                int length = (int) Math.min(CHUNK_SIZE, blockBytes - offset);
                // Each chunk differs from the others in its first bytes, so no layer can deduplicate them.
                ByteBuffer.wrap(pattern).putLong(localId).putLong(offset);
                ByteString data = UnsafeByteOperations.unsafeWrap(pattern, 0, length);
                chunks.write(container, localId, offset, data);
                block.addChunks(ChunkInfo.newBuilder()
                        .setChunkName(localId + "_" + offset)
                        .setOffset(offset)
                        .setLength(length)
                        .setChecksum(ChunkChecksums.compute(data.asReadOnlyByteBuffer(), BYTES_PER_CHECKSUM)));
            }
            container.commitBlock(block.setSize(blockBytes).build(), localId);
            files.add(container.volume().blockFile(containerId, localId));
            written += blockBytes;
            localId++;
        }
        container.transition(ReplicaState.CLOSING);
        container.transition(ReplicaState.CLOSED);
        return files;
    }
}
