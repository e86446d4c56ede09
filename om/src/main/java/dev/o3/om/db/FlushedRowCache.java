package dev.o3.om.db;

import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * Parsed rows a {@link CachedTable} read from RocksDB, so a hot key's lookup costs a hash probe instead of a RocksDB
 * get and a protobuf parse (a third of the OM's CPU per LookupKey, profiled). Absent rows are cached too: a
 * file-system lookup asks the directory table first for every name, and most names are files.
 *
 * <p>Two-way skewed: a key may sit in one of two slots picked by independent hashes and displaces one of their rows at
 * random when both are taken, so the memory is fixed and a hit takes no lock. With one slot per key, keys read in a
 * cycle (freon's readers, scans) evicted each other whenever two shared a slot: half of them at 0.6 keys per slot.
 *
 * <p>Never stale: a row read from RocksDB may only be cached if no flushed write of a key in its stripe left the
 * overlay since the reader took its {@link #stamp} (before it looked at the overlay). A write that the reader could
 * have missed was still in the overlay when the reader looked, or became visible in RocksDB before its overlay entry
 * left; either way its eviction bumps the stripe's version under the stripe's lock and replaces the key's slots (with
 * the flushed row, or nothing) before the overlay entry goes, so an older row cannot be cached after it and readers
 * check the overlay first.
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

    /** The cached row of {@code key} (empty: cached as absent), or null when not cached. */
    Optional<V> get(String key) {
        int hash = key.hashCode();
        Row<V> row = slots.get(first(hash));
        if (row != null && row.key().equals(key)) {
            return row.value();
        }
        row = slots.get(second(hash));
        return row != null && row.key().equals(key) ? row.value() : null;
    }

    /** Taken before a reader looks at the overlay; {@link #put} needs it. */
    long stamp(String key) {
        return versions.get(stripe(key.hashCode()));
    }

    /** Caches a row read from RocksDB, unless a flushed write in its stripe left the overlay since {@code stamp}. */
    void put(String key, Optional<V> value, long stamp) {
        int hash = key.hashCode();
        int stripe = stripe(hash);
        synchronized (locks[stripe]) {
            if (versions.get(stripe) == stamp) {
                slots.set(slotFor(key, hash), new Row<>(key, value));
            }
        }
    }

    /**
     * Called before a flushed write of {@code key} leaves the overlay, with the row it wrote (empty: deleted). A
     * written row is kept: RocksDB holds exactly it until a later flush, whose eviction replaces it here, and it is
     * often read next (CommitKey reads the open key CreateKey wrote; S3 clients read what they wrote). A deleted one
     * is only dropped, so that deletes do not fill the cache with absent rows nobody asks for.
     */
    void flushed(String key, Optional<V> written) {
        int hash = key.hashCode();
        int stripe = stripe(hash);
        synchronized (locks[stripe]) {
            versions.incrementAndGet(stripe);
            clear(first(hash), key);
            clear(second(hash), key);
            if (written.isPresent()) {
                slots.set(slotFor(key, hash), new Row<>(key, written));
            }
        }
    }

    /** The slot already holding {@code key}, else a free one of its two, else either at random. */
    private int slotFor(String key, int hash) {
        int first = first(hash);
        int second = second(hash);
        Row<V> inFirst = slots.get(first);
        if (inFirst == null || inFirst.key().equals(key)) {
            return first;
        }
        Row<V> inSecond = slots.get(second);
        if (inSecond == null || inSecond.key().equals(key)) {
            return second;
        }
        return ThreadLocalRandom.current().nextBoolean() ? first : second;
    }

    private void clear(int slot, String key) {
        Row<V> row = slots.get(slot);
        if (row != null && row.key().equals(key)) {
            slots.set(slot, null);
        }
    }

    int first(int hash) {
        return (hash ^ (hash >>> 16)) & mask;
    }

    int second(int hash) {
        int mixed = hash * 0x9E3779B9;
        return (mixed ^ (mixed >>> 15)) & mask;
    }

    private static int stripe(int hash) {
        return (hash ^ (hash >>> 7)) & (STRIPES - 1);
    }

    private record Row<V>(String key, Optional<V> value) {}
}
