package dev.o3.om.db;

import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * Parsed rows a {@link CachedTable} read from RocksDB, so a hot key's lookup costs a hash probe instead of a RocksDB
 * get and a protobuf parse (a third of the OM's CPU per LookupKey, profiled). Direct-mapped: a row goes in the slot
 * its key hashes to and displaces whatever was there, so the memory is fixed and a hit takes no lock.
 *
 * <p>Never stale: a row read from RocksDB may only be cached if no flushed write of a key in its stripe left the
 * overlay since the reader took its {@link #stamp} (before it looked at the overlay). A write that the reader could
 * have missed was still in the overlay when the reader looked, or became visible in RocksDB before its overlay entry
 * left; either way its eviction bumps the stripe's version under the stripe's lock and clears the key's slot before the
 * overlay entry goes, so an older row cannot be cached after it and readers check the overlay first.
 *
 * @param <V> row type
 */
final class FlushedRowCache<V> {
    private static final int STRIPES = 64;

    private final AtomicReferenceArray<Row<V>> slots;
    private final AtomicLongArray versions = new AtomicLongArray(STRIPES);
    private final Object[] locks = new Object[STRIPES];
    private final int mask;

    /** @param rows at least 1; rounded up to a power of two */
    FlushedRowCache(int rows) {
        int size = Integer.highestOneBit(Math.max(rows, STRIPES) - 1) << 1;
        this.slots = new AtomicReferenceArray<>(size);
        this.mask = size - 1;
        for (int i = 0; i < STRIPES; i++) {
            locks[i] = new Object();
        }
    }

    /** The cached row of {@code key}, or null. */
    V get(String key) {
        Row<V> row = slots.get(slot(key));
        return row != null && row.key().equals(key) ? row.value() : null;
    }

    /** Taken before a reader looks at the overlay; {@link #put} needs it. */
    long stamp(String key) {
        return versions.get(stripe(slot(key)));
    }

    /** Caches a row read from RocksDB, unless a flushed write in its stripe left the overlay since {@code stamp}. */
    void put(String key, V value, long stamp) {
        int slot = slot(key);
        int stripe = stripe(slot);
        synchronized (locks[stripe]) {
            if (versions.get(stripe) == stamp) {
                slots.set(slot, new Row<>(key, value));
            }
        }
    }

    /** Called before a flushed write of {@code key} leaves the overlay. */
    void invalidate(String key) {
        int slot = slot(key);
        int stripe = stripe(slot);
        synchronized (locks[stripe]) {
            versions.incrementAndGet(stripe);
            Row<V> row = slots.get(slot);
            if (row != null && row.key().equals(key)) {
                slots.set(slot, null);
            }
        }
    }

    private int slot(String key) {
        int hash = key.hashCode();
        return (hash ^ (hash >>> 16)) & mask;
    }

    private static int stripe(int slot) {
        return slot & (STRIPES - 1);
    }

    private record Row<V>(String key, V value) {}
}
