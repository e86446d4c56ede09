package dev.o3.faults;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The operations of a run in completion order, with times from one monotonic clock, and every value ever sent to
 * each key (to tell a torn or foreign read from a stale one). Thread-safe.
 */
final class History {
    private final long base = System.nanoTime();
    private final List<Op> ops = new ArrayList<>();
    private final Map<String, Set<String>> sent = new ConcurrentHashMap<>();
    private final Map<Long, Op> pending = new HashMap<>();
    private boolean frozen;
    private long nextId;

    long now() {
        return System.nanoTime() - base;
    }

    /** Records a completed operation; ignored once the history is {@link #freeze frozen}. */
    synchronized void add(Op op) {
        if (!frozen) {
            ops.add(op);
        }
    }

    /**
     * Ends the workload's part of the history: the writes still in flight are recorded with an unknown outcome (they
     * may land at any later time), and their clients' later completions are ignored.
     */
    synchronized void freeze() {
        ops.addAll(pending.values());
        pending.clear();
        frozen = true;
    }

    /** A write about to be sent, as it is recorded if it never completes; {@link #complete} replaces it. */
    synchronized long begin(Op unknown) {
        long id = nextId++;
        pending.put(id, unknown);
        return id;
    }

    synchronized void complete(long id, Op op) {
        if (pending.remove(id) != null && !frozen) {
            ops.add(op);
        }
    }

    /** Reopens the history for the final reads, which run after the workload's clients are gone or abandoned. */
    synchronized void reopen() {
        frozen = false;
    }

    synchronized List<Op> ops() {
        return List.copyOf(ops);
    }

    /** Records that a write of {@code hash} to {@code key} is about to be sent. */
    void sending(String key, String hash) {
        sent.computeIfAbsent(key, k -> ConcurrentHashMap.newKeySet()).add(hash);
    }

    /** Whether {@code hash} is a value some write sent to {@code key}. */
    boolean wasSent(String key, String hash) {
        return sent.getOrDefault(key, new HashSet<>()).contains(hash);
    }
}
