package dev.o3.client.io;

import com.google.protobuf.ByteString;
import dev.o3.proto.container.BlockData;
import dev.o3.proto.hdds.BlockId;
import dev.o3.proto.hdds.ChunkInfo;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * Writes to the containers of one pipeline through its Raft group. A completed future means the write is applied on
 * a majority of the pipeline's datanodes. Thread-safe; many writes may be in flight.
 */
public interface PipelineChannel extends AutoCloseable {
    /** Writes one chunk of a block; {@code token} is the block's WRITE token (empty when security is off). */
    CompletableFuture<Void> writeChunk(BlockId blockId, ChunkInfo chunk, ByteString data, ByteString token);

    /**
     * Writes the last chunk of a block and commits the block ({@code block} lists every chunk, this one last) in one
     * pipeline transaction; completes with the BCSID as {@link #putBlock} does.
     */
    CompletableFuture<Long> writeLastChunk(ChunkInfo chunk, ByteString data, BlockData block, ByteString token);

    /** Commits a block's chunk list and length; completes with the block commit sequence id (BCSID). */
    CompletableFuture<Long> putBlock(BlockData block, boolean eof, ByteString token);

    /** The datanode UUID currently taken for the pipeline's leader, if known; it changes when the leader fails. */
    Optional<String> leaderId();

    @Override
    void close();
}
