package dev.o3.freon.runner;

import java.util.OptionalLong;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;

/**
 * Keeps a fixed number of {@link AsyncOperation}s in flight: each slot starts the next operation from the callback of
 * the one that just finished (a closed loop with no thread per call and no hand-off), until the plan's count or
 * deadline is reached. Operations that complete at once are handled in a loop, not by recursion.
 */
final class InFlightWindow {
    private final AsyncOperation operation;
    private final Tally tally;
    private final LongSupplier nanoTime;
    private final OptionalLong limit;
    private final long deadline;
    private final AtomicLong next = new AtomicLong();
    private final int slots;
    private final CountDownLatch slotsDone;
    private volatile boolean stopped;

    InFlightWindow(
            AsyncOperation operation,
            Tally tally,
            LongSupplier nanoTime,
            OptionalLong limit,
            long deadline,
            int slots) {
        this.operation = operation;
        this.tally = tally;
        this.nanoTime = nanoTime;
        this.limit = limit;
        this.deadline = deadline;
        this.slots = slots;
        this.slotsDone = new CountDownLatch(slots);
    }

    /** Starts every slot and waits until each has finished its last operation. */
    void run() throws InterruptedException {
        for (int slot = 0; slot < slots; slot++) {
            continueSlot();
        }
        try {
            slotsDone.await();
        } catch (InterruptedException e) {
            stopped = true;
            throw e;
        }
    }

    private void continueSlot() {
        while (true) {
            long index = next.getAndIncrement();
            long begin = nanoTime.getAsLong();
            if (stopped || (limit.isPresent() && index >= limit.getAsLong()) || begin >= deadline) {
                slotsDone.countDown();
                return;
            }
            CompletableFuture<Long> started;
            try {
                started = operation.start(index);
            } catch (RuntimeException e) {
                started = CompletableFuture.failedFuture(e);
            }
            if (!started.isDone()) {
                var unused = started.whenComplete((moved, failure) -> {
                    record(begin, moved, failure);
                    continueSlot();
                });
                return;
            }
            var unused = started.handle((moved, failure) -> {
                record(begin, moved, failure);
                return null;
            });
        }
    }

    private void record(long begin, Long moved, Throwable failure) {
        if (failure != null) {
            tally.failed(failure);
        } else {
            tally.succeeded(nanoTime.getAsLong() - begin, moved == null ? 0 : moved);
        }
    }
}
