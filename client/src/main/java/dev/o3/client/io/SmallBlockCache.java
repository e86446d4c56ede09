package dev.o3.client.io;

import com.google.errorprone.annotations.concurrent.GuardedBy;
import com.google.protobuf.ByteString;
import dev.o3.proto.container.BlockData;
import dev.o3.proto.hdds.BlockId;
import dev.o3.proto.hdds.BlockLocation;
import dev.o3.proto.hdds.ChunkInfo;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Optional;

/**
 * The data of small blocks this client read or wrote, kept so that reading one again needs no datanode: a block of
 * one chunk of at most {@link SmallBlockBatcher#MAX_BLOCK_BYTES} (every object up to 64 KB is one), with its chunk
 * list. A block's data never changes once committed (a key written again gets new blocks, and block ids are never
 * reused), and every read that uses an entry follows a key lookup at OM, which checks the caller's access and names
 * the block; a block that grew since (an hsync'd key) has a higher BCSID or length there and is read from a datanode
 * again. Entries are checked against their CRC32Cs when read, like a replica's answer. The least recently used go
 * beyond {@code capacity} bytes. Thread-safe; shared by the streams of one client.
 */
final class SmallBlockCache {
    /** Bytes counted per entry beyond its data: the chunk list, the map entry and the key. */
    private static final int ENTRY_OVERHEAD = 256;

    private final long capacity;
    private final Object lock = new Object();

    @GuardedBy("lock")
    private final LinkedHashMap<Key, Entry> entries = new LinkedHashMap<>(16, 0.75f, true);

    @GuardedBy("lock")
    private long bytes;

    /** @param capacity bytes kept at most (data and chunk lists); 0 keeps nothing */
    SmallBlockCache(long capacity) {
        if (capacity < 0) {
            throw new IllegalArgumentException("capacity must not be negative: " + capacity);
        }
        this.capacity = capacity;
    }

    /** The block's chunk list and whole data, if kept and covering the location's BCSID and length. */
    Optional<Entry> get(BlockLocation location) {
        if (capacity == 0) {
            return Optional.empty();
        }
        BlockId id = location.getBlockId();
        Entry entry;
        synchronized (lock) {
            entry = entries.get(new Key(id.getContainerId(), id.getLocalId()));
        }
        return Optional.ofNullable(entry)
                .filter(kept -> kept.block().getBlockId().getBlockCommitSequenceId() >= id.getBlockCommitSequenceId()
                        && kept.data().size() >= location.getLength());
    }

    /**
     * Keeps {@code data} when it is the whole of a small block of one chunk, the verified data a replica gave for it or
     * the data this client committed to it; does nothing otherwise.
     */
    void offer(BlockData block, ByteString data) {
        if (capacity == 0 || block.getChunksCount() != 1) {
            return;
        }
        ChunkInfo chunk = block.getChunks(0);
        if (chunk.getOffset() != 0
                || data.size() != chunk.getLength()
                || data.size() > SmallBlockBatcher.MAX_BLOCK_BYTES) {
            return;
        }
        // A copy: the bytes may be a view of a larger message buffer, which the entry must not keep alive.
        Entry entry = new Entry(block, ByteString.copyFrom(data.asReadOnlyByteBuffer()));
        BlockId id = block.getBlockId();
        synchronized (lock) {
            Entry replaced = entries.put(new Key(id.getContainerId(), id.getLocalId()), entry);
            bytes += entry.weight() - (replaced == null ? 0 : replaced.weight());
            Iterator<Entry> eldest = entries.values().iterator();
            while (bytes > capacity && eldest.hasNext()) {
                bytes -= eldest.next().weight();
                eldest.remove();
            }
        }
    }

    /** Drops the block's entry (its data failed its checksums). */
    void forget(BlockId id) {
        synchronized (lock) {
            Entry removed = entries.remove(new Key(id.getContainerId(), id.getLocalId()));
            if (removed != null) {
                bytes -= removed.weight();
            }
        }
    }

    /** Bytes counted for the entries kept. */
    long bytes() {
        synchronized (lock) {
            return bytes;
        }
    }

    /** A small block's chunk list, as a replica gave it, and its whole data. */
    record Entry(BlockData block, ByteString data) {
        long weight() {
            return (long) data.size() + block.getSerializedSize() + ENTRY_OVERHEAD;
        }
    }

    private record Key(long containerId, long localId) {}

    /** For tests: the blocks kept. */
    int size() {
        synchronized (lock) {
            return entries.size();
        }
    }
}
