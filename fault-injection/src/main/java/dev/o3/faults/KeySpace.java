package dev.o3.faults;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeSet;

/**
 * The keys the workload shares: a few active at a time, so that operations overlap on each, and each retired for a
 * fresh one once its history holds {@code opsPerKey} operations or {@code unknownPerKey} writes of unknown outcome.
 * That bounds every key's history, and Porcupine checks each key on its own: its search grows with a key's
 * concurrent and unknown-outcome writes, not with the run's length. A retired key keeps the operations still in
 * flight on it and is read back and listed at the end like any other. Thread-safe.
 */
final class KeySpace {
    private final int opsPerKey;
    private final int unknownPerKey;
    private final List<String> active = new ArrayList<>();
    private final TreeSet<String> all = new TreeSet<>();
    private final Map<String, Integer> ops = new HashMap<>();
    private final Map<String, Integer> unknown = new HashMap<>();
    private int next;

    KeySpace(int activeKeys, int opsPerKey, int unknownPerKey) {
        if (activeKeys < 1 || opsPerKey < 1 || unknownPerKey < 1) {
            throw new IllegalArgumentException("need at least 1 active key, 1 operation and 1 unknown write per key");
        }
        this.opsPerKey = opsPerKey;
        this.unknownPerKey = unknownPerKey;
        for (int i = 0; i < activeKeys; i++) {
            active.add(fresh());
        }
    }

    /** An active key at random, counting the operation about to run on it. */
    synchronized String pick(SplittableRandom random) {
        String key = active.get(random.nextInt(active.size()));
        counted(key);
        return key;
    }

    /** The active keys, counting a listing's presence check of each. */
    synchronized List<String> listed() {
        List<String> keys = List.copyOf(active);
        keys.forEach(this::counted);
        return keys;
    }

    /** Records that a write to {@code key} ended with an unknown outcome. */
    synchronized void unknownOutcome(String key) {
        if (unknown.merge(key, 1, Integer::sum) >= unknownPerKey) {
            retire(key);
        }
    }

    /** Every key the workload ever used, sorted. */
    synchronized List<String> all() {
        return List.copyOf(all);
    }

    synchronized boolean used(String key) {
        return all.contains(key);
    }

    private void counted(String key) {
        if (ops.merge(key, 1, Integer::sum) >= opsPerKey) {
            retire(key);
        }
    }

    private void retire(String key) {
        int slot = active.indexOf(key);
        if (slot >= 0) {
            active.set(slot, fresh());
        }
    }

    private String fresh() {
        String key = String.format("key-%04d", next++);
        all.add(key);
        return key;
    }
}
