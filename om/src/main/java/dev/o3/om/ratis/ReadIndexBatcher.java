package dev.o3.om.ratis;

import com.google.errorprone.annotations.concurrent.GuardedBy;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;

/**
 * Shares Ratis read-index requests between concurrent reads. A read may only be served after a read index obtained
 * after it arrived, so a read that arrives while a request is in flight cannot use that one: it joins the next
 * batch, whose single request goes out as soon as the current one completes. Under load each Ratis request (a
 * heartbeat round when the leader lease has lapsed) then serves every read that queued behind it; when requests
 * complete at once (a valid lease), each read simply has its own.
 *
 * <p>Thread-safe. Batches complete on the thread that completes the Ratis request.
 */
final class ReadIndexBatcher {
    private final Supplier<CompletableFuture<?>> readIndex;
    private final Object lock = new Object();

    @GuardedBy("lock")
    private boolean inFlight;

    /** Reads waiting for the next request; null when none waits. */
    @GuardedBy("lock")
    private CompletableFuture<Void> next;

    /**
     * @param readIndex sends one linearizable read to Ratis; completes once this leader has applied up to a read
     *     index obtained after the call
     */
    ReadIndexBatcher(Supplier<CompletableFuture<?>> readIndex) {
        this.readIndex = readIndex;
    }

    /** Completes once a read index obtained after this call has been applied here. */
    CompletableFuture<Void> await() {
        synchronized (lock) {
            if (inFlight) {
                if (next == null) {
                    next = new CompletableFuture<>();
                }
                return next;
            }
            inFlight = true;
        }
        CompletableFuture<Void> batch = new CompletableFuture<>();
        send(batch);
        return batch;
    }

    private void send(CompletableFuture<Void> batch) {
        CompletableFuture<?> request;
        try {
            request = readIndex.get();
        } catch (RuntimeException e) {
            request = CompletableFuture.failedFuture(e);
        }
        var unused = request.whenComplete((ignored, failure) -> {
            CompletableFuture<Void> waiting;
            synchronized (lock) {
                waiting = next;
                next = null;
                inFlight = waiting != null;
            }
            // Every read of the next batch arrived before this point, so its request may go out now.
            if (waiting != null) {
                send(waiting);
            }
            if (failure != null) {
                batch.completeExceptionally(failure);
            } else {
                batch.complete(null);
            }
        });
    }
}
