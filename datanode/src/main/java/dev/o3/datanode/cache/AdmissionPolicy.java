package dev.o3.datanode.cache;

import java.util.Optional;

/**
 * Decides which chunks missed by a client read are written to the cache device. Writing every miss would wear the
 * device and flush hot pages with one-off reads; a policy admits only chunks it expects to be read again.
 * Implementations are thread-safe.
 */
public interface AdmissionPolicy {
    /** Counts a client read of the chunk (hit or miss). */
    void recordRead(ChunkKey chunk);

    /**
     * Whether a chunk just read from the volume (after {@link #recordRead}) should be cached.
     *
     * @param bytes the chunk's length
     * @param room the cache's free space and eviction candidate
     */
    boolean admit(ChunkKey chunk, long bytes, CacheRoom room);

    /** What a policy may know of the cache it admits into. */
    interface CacheRoom {
        /** Capacity not used by pages. */
        long freeBytes();

        /** The chunk of the page the cache would evict next, if any. */
        Optional<ChunkKey> coldest();
    }
}
