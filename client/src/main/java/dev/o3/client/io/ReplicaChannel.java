package dev.o3.client.io;

import com.google.protobuf.ByteString;
import dev.o3.proto.container.BlockData;
import dev.o3.proto.hdds.BlockId;
import dev.o3.proto.hdds.ChunkInfo;
import java.io.IOException;

/** Reads from one datanode's read service. Thread-safe. */
public interface ReplicaChannel {
    /**
     * The committed chunk list of a block on this replica; {@code token} is the block's READ token (empty when
     * security is off).
     *
     * @throws IOException when the replica cannot serve it
     */
    BlockData getBlock(BlockId blockId, ByteString token) throws IOException;

    /**
     * The data of one chunk, unverified (the caller checks its checksums).
     *
     * @throws IOException when the replica cannot serve it
     */
    ByteString readChunk(BlockId blockId, ChunkInfo chunk, ByteString token) throws IOException;
}
