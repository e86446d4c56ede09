package dev.o3.datanode.cache;

import java.util.Optional;

/**
 * TinyLFU admission (Einziger, Friedman, Manes): a chunk's read frequency is estimated by a {@link FrequencySketch};
 * a chunk seen once is never admitted (a one-off scan does not reach the device), and when the cache is full a chunk
 * is admitted only if it is read more often than the chunk of the page it would evict.
 */
public final class TinyLfuAdmission implements AdmissionPolicy {
    private static final int MIN_FREQUENCY = 2;

    private final FrequencySketch sketch;

    /** @param expectedChunks about how many chunks the cache holds (capacity / page size) */
    public TinyLfuAdmission(long expectedChunks) {
        this.sketch = new FrequencySketch(expectedChunks);
    }

    @Override
    public void recordRead(ChunkKey chunk) {
        sketch.increment(chunk);
    }

    @Override
    public boolean admit(ChunkKey chunk, long bytes, CacheRoom room) {
        int frequency = sketch.frequency(chunk);
        if (frequency < MIN_FREQUENCY) {
            return false;
        }
        if (room.freeBytes() >= bytes) {
            return true;
        }
        Optional<ChunkKey> victim = room.coldest();
        return victim.isEmpty() || frequency > sketch.frequency(victim.get());
    }

    @Override
    public String toString() {
        return "tinylfu";
    }
}
