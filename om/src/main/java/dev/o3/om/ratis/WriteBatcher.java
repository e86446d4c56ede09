package dev.o3.om.ratis;

import com.google.errorprone.annotations.concurrent.GuardedBy;
import dev.o3.om.apply.AppliedBatch;
import dev.o3.om.apply.AppliedTransaction;
import dev.o3.proto.om.OmTransaction;
import dev.o3.proto.om.OmTransactionBatch;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;

/**
 * Group commit for OM writes. Ratis costs tens of microseconds of CPU per log entry (append, commit, apply hand-offs,
 * retry cache) whatever the entry holds, which capped a single OM at a few thousand creates per second. So at most
 * {@linkplain #inFlightFor(int) a few} entries of this OM are in flight; requests that arrive meanwhile queue, and
 * when an entry completes the queue goes out as ONE entry (an {@code OmTransactionBatch}) that every replica applies
 * in order. An idle OM therefore logs each request alone, without waiting; a busy one logs as many requests per
 * entry as arrived during one round trip through the log, bounded by {@link #MAX_REQUESTS_PER_ENTRY} and
 * {@link #MAX_BYTES_PER_ENTRY}.
 *
 * <p>Requests {@linkplain #submit(List) submitted together} go in the same entry, in order: a later one sees the
 * earlier ones' writes.
 *
 * <p>Thread-safe. Results complete on the thread that completes the log write (Ratis' applier), after the next entry
 * went out.
 */
final class WriteBatcher {
    /**
     * A single OM: one entry fills while the other is logged and applied. With four, one OM under 64 writers made
     * entries of half the size and paid 10-20% more CPU per key; with one, the log sat idle during each apply.
     */
    static final int SINGLE_OM_IN_FLIGHT = 2;
    /** Three OMs: an entry's round trip includes a follower's, and two in flight lost 5-11% of creates to four. */
    static final int REPLICATED_IN_FLIGHT = 4;

    static final int MAX_REQUESTS_PER_ENTRY = 256;
    /** Well under Ratis' log entry limits; a larger single request still goes out, alone. */
    static final int MAX_BYTES_PER_ENTRY = 1 << 20;

    private final Function<OmTransaction, CompletableFuture<?>> log;
    private final int maxInFlight;
    private final Object lock = new Object();

    @GuardedBy("lock")
    private final Queue<Pending> waiting = new ArrayDeque<>();

    @GuardedBy("lock")
    private int inFlight;

    /**
     * @param log logs one entry; completes with what applying it returned: an {@link AppliedTransaction} for a single
     *     request, an {@link AppliedBatch} for a batch
     * @param maxInFlight entries logged and not yet applied, at most (see {@link #inFlightFor(int)})
     */
    WriteBatcher(Function<OmTransaction, CompletableFuture<?>> log, int maxInFlight) {
        this.log = log;
        this.maxInFlight = maxInFlight;
    }

    /** Entries in flight for a group of {@code oms} OMs, as measured best (docs/benchmarks.md, "Ozone Manager"). */
    static int inFlightFor(int oms) {
        return oms == 1 ? SINGLE_OM_IN_FLIGHT : REPLICATED_IN_FLIGHT;
    }

    /** Logs {@code transaction}, alone or with others; completes with its own result once applied. */
    CompletableFuture<AppliedTransaction> submit(OmTransaction transaction) {
        return submit(List.of(transaction)).thenApply(results -> results.get(0));
    }

    /** Logs {@code group} in one entry, in order, maybe with others; completes with their results once applied. */
    CompletableFuture<List<AppliedTransaction>> submit(List<OmTransaction> group) {
        int size = group.stream().mapToInt(OmTransaction::getSerializedSize).sum();
        Pending pending = new Pending(group, size, new CompletableFuture<>());
        List<Pending> entry;
        synchronized (lock) {
            waiting.add(pending);
            if (inFlight == maxInFlight) {
                return pending.result();
            }
            inFlight++;
            entry = takeEntry();
        }
        send(entry);
        return pending.result();
    }

    @GuardedBy("lock")
    private List<Pending> takeEntry() {
        List<Pending> entry = new ArrayList<>();
        long bytes = 0;
        int requests = 0;
        while (!waiting.isEmpty() && requests < MAX_REQUESTS_PER_ENTRY) {
            bytes += waiting.element().size();
            requests += waiting.element().group().size();
            if (!entry.isEmpty() && bytes > MAX_BYTES_PER_ENTRY) {
                break;
            }
            entry.add(waiting.remove());
        }
        return entry;
    }

    private void send(List<Pending> entry) {
        CompletableFuture<?> applied;
        try {
            applied = log.apply(
                    entry.size() == 1 && entry.get(0).group().size() == 1
                            ? entry.get(0).group().get(0)
                            : batchOf(entry));
        } catch (RuntimeException e) {
            applied = CompletableFuture.failedFuture(e);
        }
        var unused = applied.whenComplete((result, failure) -> {
            List<Pending> next;
            synchronized (lock) {
                next = takeEntry();
                if (next.isEmpty()) {
                    inFlight--;
                }
            }
            // Everything queued so far goes out before this entry's callers run their callbacks.
            if (!next.isEmpty()) {
                send(next);
            }
            complete(entry, result, failure);
        });
    }

    private static OmTransaction batchOf(List<Pending> entry) {
        OmTransactionBatch.Builder batch = OmTransactionBatch.newBuilder();
        entry.forEach(pending -> batch.addAllTransactions(pending.group()));
        return OmTransaction.newBuilder().setBatch(batch).build();
    }

    private static void complete(List<Pending> entry, Object result, Throwable failure) {
        if (failure != null) {
            entry.forEach(pending -> pending.result().completeExceptionally(failure));
            return;
        }
        int requests =
                entry.stream().mapToInt(pending -> pending.group().size()).sum();
        List<AppliedTransaction> results;
        if (result instanceof AppliedBatch batch && batch.results().size() == requests) {
            results = batch.results();
        } else if (result instanceof AppliedTransaction applied && requests == 1) {
            results = List.of(applied);
        } else {
            IllegalStateException mismatch =
                    new IllegalStateException("the reply to a log entry of " + requests + " requests was " + result);
            entry.forEach(pending -> pending.result().completeExceptionally(mismatch));
            return;
        }
        int at = 0;
        for (Pending pending : entry) {
            int size = pending.group().size();
            pending.result().complete(results.subList(at, at + size));
            at += size;
        }
    }

    private record Pending(List<OmTransaction> group, int size, CompletableFuture<List<AppliedTransaction>> result) {}
}
