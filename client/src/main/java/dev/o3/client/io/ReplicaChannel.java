package dev.o3.client.io;

import com.google.protobuf.ByteString;
import dev.o3.proto.container.GetBlockResponse;
import dev.o3.proto.hdds.BlockId;
import dev.o3.proto.hdds.ChunkInfo;
import java.io.IOException;
import java.util.concurrent.CompletableFuture;

/** Reads from one datanode's read service. Thread-safe. */
public interface ReplicaChannel {
    /**
     * The committed chunk list of a block on this replica, with the data of the chunks overlapping {@code
     * [readOffset, readOffset + readLength)} (whole chunks in block order, possibly fewer than asked; unverified, the
     * caller checks their checksums); {@code token} is the block's READ token (empty when security is off). With
     * {@code shortCircuit}, a datanode on this host may name the block's file instead of sending chunk data.
     *
     * @throws IOException when the replica cannot serve it
     */
    GetBlockResponse getBlock(BlockId blockId, ByteString token, long readOffset, long readLength, boolean shortCircuit)
            throws IOException;

    /**
     * {@link #getBlock} without waiting; the future fails with the IOException {@link #getBlock} would throw (also
     * when no answer comes within the read timeout). Completes on the channel's transport thread.
     */
    CompletableFuture<GetBlockResponse> getBlockAsync(
            BlockId blockId, ByteString token, long readOffset, long readLength, boolean shortCircuit);

    /**
     * The data of one chunk, unverified (the caller checks its checksums).
     *
     * @throws IOException when the replica cannot serve it
     */
    ByteString readChunk(BlockId blockId, ChunkInfo chunk, ByteString token) throws IOException;
}
