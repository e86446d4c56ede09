package dev.o3.client.io;

import dev.o3.proto.container.BlockData;
import dev.o3.proto.hdds.BlockId;
import dev.o3.proto.hdds.DatanodeDetails;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The block files datanodes on this host named for short-circuit reads, with the block's chunk list, so that reading
 * a block again needs no {@code GetBlock} (as HDFS's client keeps its short-circuit replicas). A committed block's
 * data and chunk list never change, and a key lookup at OM, which checks the caller's access, precedes every read
 * that uses an entry; what can change is where the file is: a replica deleted or moved to another volume leaves a
 * stale path, whose read fails and goes through the datanode, and the caller then {@link #forget}s it. Every chunk
 * read is still checked against its CRC32Cs. The least recently used entries go beyond {@code capacity}.
 * Thread-safe.
 */
final class LocalBlockCache {
    private final int capacity;
    private final Map<Key, LocalBlock> blocks;

    /** @param capacity blocks kept at most; 0 keeps none */
    LocalBlockCache(int capacity) {
        if (capacity < 0) {
            throw new IllegalArgumentException("capacity must not be negative: " + capacity);
        }
        this.capacity = capacity;
        this.blocks = new LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<Key, LocalBlock> eldest) {
                return size() > LocalBlockCache.this.capacity;
            }
        };
    }

    /** The file and chunk list {@code datanode} gave for {@code block}, if known and of at least its BCSID. */
    Optional<LocalBlock> get(DatanodeDetails datanode, BlockId block) {
        LocalBlock known;
        synchronized (blocks) {
            known = blocks.get(Key.of(datanode, block));
        }
        return Optional.ofNullable(known)
                .filter(local ->
                        local.data().getBlockId().getBlockCommitSequenceId() >= block.getBlockCommitSequenceId());
    }

    /** Keeps the file {@code datanode} named for the block {@code data} describes. */
    void put(DatanodeDetails datanode, BlockData data, String path) {
        if (capacity == 0) {
            return;
        }
        synchronized (blocks) {
            blocks.put(Key.of(datanode, data.getBlockId()), new LocalBlock(path, data));
        }
    }

    /** Drops what is known of {@code block} on {@code datanode}: its file did not serve a read. */
    void forget(DatanodeDetails datanode, BlockId block) {
        synchronized (blocks) {
            blocks.remove(Key.of(datanode, block));
        }
    }

    /** Blocks known. */
    int size() {
        synchronized (blocks) {
            return blocks.size();
        }
    }

    /** A block file a datanode named, and the block's chunk list as it gave it. */
    record LocalBlock(String path, BlockData data) {}

    private record Key(String datanode, long containerId, long localId) {
        static Key of(DatanodeDetails datanode, BlockId block) {
            return new Key(datanode.getUuid(), block.getContainerId(), block.getLocalId());
        }
    }
}
