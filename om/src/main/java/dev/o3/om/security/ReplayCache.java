package dev.o3.om.security;

import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Nonces of the signatures accepted inside the clock-skew window, so that each is accepted once. Entries are kept in
 * one bucket per second of their signing time; buckets older than the window are dropped (their signatures are
 * refused as stale anyway). Memory is bounded: past {@code maxEntries}, the oldest buckets are dropped too and
 * signatures signed before the newest dropped second are refused as stale, which narrows the window under load
 * instead of letting a replay through. Thread-safe (one lock; a call holds it for a hash lookup).
 */
final class ReplayCache {
    private final long windowMillis;
    private final int maxEntries;
    private final TreeMap<Long, Set<String>> bySecond = new TreeMap<>();
    private int size;
    private long floorSecond = Long.MIN_VALUE;

    ReplayCache(long windowMillis, int maxEntries) {
        this.windowMillis = windowMillis;
        this.maxEntries = maxEntries;
    }

    /** The outcome of a first sight. */
    enum Use {
        FIRST,
        REPLAYED,
        TOO_OLD
    }

    /** Records {@code nonce}, signed at {@code signedMillis}, as used at {@code nowMillis}. */
    synchronized Use use(String nonce, long signedMillis, long nowMillis) {
        long second = Math.floorDiv(signedMillis, 1000);
        evictBefore(Math.floorDiv(nowMillis - windowMillis, 1000));
        if (second <= floorSecond) {
            return Use.TOO_OLD;
        }
        if (!bySecond.computeIfAbsent(second, ignored -> new HashSet<>()).add(nonce)) {
            return Use.REPLAYED;
        }
        size++;
        while (size > maxEntries && bySecond.size() > 1) {
            dropOldest();
        }
        return Use.FIRST;
    }

    private void evictBefore(long second) {
        while (!bySecond.isEmpty() && bySecond.firstKey() < second) {
            dropOldest();
        }
    }

    private void dropOldest() {
        Map.Entry<Long, Set<String>> oldest = bySecond.pollFirstEntry();
        size -= oldest.getValue().size();
        floorSecond = Math.max(floorSecond, oldest.getKey());
    }
}
