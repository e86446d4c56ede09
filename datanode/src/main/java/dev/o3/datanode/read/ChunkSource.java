package dev.o3.datanode.read;

import dev.o3.datanode.container.Container;
import dev.o3.datanode.container.ContainerResultException;
import dev.o3.proto.container.BlockData;
import dev.o3.proto.hdds.ChunkInfo;
import java.nio.ByteBuffer;

/**
 * Where the read service gets the data of a committed chunk: the data volume ({@link VolumeChunkSource}) or, once
 * the SSD read cache exists, a cache in front of it that falls back to the volume. Client reads only: the scanner
 * and replication read the volume directly. Implementations are thread-safe.
 */
public interface ChunkSource {
    /**
     * The chunk's data, verified against the chunk's checksums: corrupt data is never returned.
     *
     * @param container the container holding the block
     * @param block the block's committed metadata (its BCSID is part of a cache key)
     * @param chunk the committed chunk to read
     * @throws ContainerResultException CHECKSUM_MISMATCH for corrupt data, NO_SUCH_BLOCK or IO_EXCEPTION otherwise
     */
    ByteBuffer readChunk(Container container, BlockData block, ChunkInfo chunk) throws ContainerResultException;
}
