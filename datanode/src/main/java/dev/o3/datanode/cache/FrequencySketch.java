package dev.o3.datanode.cache;

/**
 * A count-min sketch of 4-bit counters (depth 4) estimating how often each chunk was read, with aging: after {@code
 * 10 x width} increments every counter is halved, so old popularity fades (TinyLFU's "reset"). Thread-safe.
 */
final class FrequencySketch {
    private static final int DEPTH = 4;
    private static final int MAX = 15;
    private static final long[] SEEDS = {
        0x9E3779B97F4A7C15L, 0xC2B2AE3D27D4EB4FL, 0x165667B19E3779F9L, 0xD6E8FEB86659FD93L
    };

    private final byte[][] counters;
    private final int mask;
    private final long sampleSize;
    private long additions;

    /** @param expectedEntries about how many distinct chunks the cache holds */
    FrequencySketch(long expectedEntries) {
        int width = Integer.highestOneBit((int) Math.min(1 << 24, Math.max(16, expectedEntries)) * 2 - 1);
        this.counters = new byte[DEPTH][width];
        this.mask = width - 1;
        this.sampleSize = 10L * width;
    }

    synchronized void increment(Object item) {
        int hash = item.hashCode();
        boolean added = false;
        for (int row = 0; row < DEPTH; row++) {
            int slot = slot(hash, row);
            if (counters[row][slot] < MAX) {
                counters[row][slot]++;
                added = true;
            }
        }
        if (added && ++additions >= sampleSize) {
            halve();
        }
    }

    synchronized int frequency(Object item) {
        int hash = item.hashCode();
        int min = MAX;
        for (int row = 0; row < DEPTH; row++) {
            min = Math.min(min, counters[row][slot(hash, row)]);
        }
        return min;
    }

    private void halve() {
        for (byte[] row : counters) {
            for (int i = 0; i < row.length; i++) {
                row[i] = (byte) (row[i] >> 1);
            }
        }
        additions /= 2;
    }

    private int slot(int hash, int row) {
        long mixed = (hash + SEEDS[row]) * SEEDS[(row + 1) % DEPTH];
        return (int) (mixed ^ (mixed >>> 32)) & mask;
    }
}
