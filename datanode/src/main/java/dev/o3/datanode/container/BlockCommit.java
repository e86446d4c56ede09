package dev.o3.datanode.container;

import dev.o3.proto.container.BlockData;
import java.util.Objects;
import java.util.Optional;

/**
 * A block to commit ({@link Container#commitBlocks}): its metadata and, for a small block that one chunk wrote whole
 * from the Raft log, its data, which then goes into the volume's database instead of a block file.
 */
public record BlockCommit(BlockData block, Optional<byte[]> data) {
    public BlockCommit {
        Objects.requireNonNull(block, "block is null");
        Objects.requireNonNull(data, "data is null");
    }
}
