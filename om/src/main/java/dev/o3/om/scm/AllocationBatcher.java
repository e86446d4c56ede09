package dev.o3.om.scm;

import com.google.errorprone.annotations.concurrent.GuardedBy;
import dev.o3.proto.hdds.ReplicationConfig;
import dev.o3.proto.scm.AllocatedBlock;
import dev.o3.proto.scm.ExcludeList;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * Coalesces concurrent block allocations into one SCM call. Per (block size, replication, owner) at most one call is
 * in flight;
 * requests that arrive meanwhile queue and go out together, as one call for the sum of their blocks, as soon as it
 * returns. Alone, a request goes out at once; under load, SCM sees one call (one lock, one RPC) per batch instead of
 * one per key.
 *
 * <p>Thread-safe. Waiters complete on the thread that completes the SCM call.
 */
final class AllocationBatcher {
    /** Cap on one call, so a burst does not make one huge SCM request. */
    static final int MAX_BLOCKS_PER_CALL = 1024;

    private final Allocator scm;
    private final Object lock = new Object();

    @GuardedBy("lock")
    private final Map<Key, Queue> queues = new HashMap<>();

    /** A batcher whose calls go to {@code scm}. */
    AllocationBatcher(Allocator scm) {
        this.scm = scm;
    }

    /** {@code count} blocks (at most {@link #MAX_BLOCKS_PER_CALL}) for {@code owner}, from this or the next batch. */
    CompletableFuture<List<AllocatedBlock>> allocate(
            long blockSize, int count, ReplicationConfig replication, String owner) {
        if (count < 1 || count > MAX_BLOCKS_PER_CALL) {
            throw new IllegalArgumentException("count must be in 1.." + MAX_BLOCKS_PER_CALL + ", not " + count);
        }
        Key key = new Key(blockSize, replication, owner);
        Waiter waiter = new Waiter(count, new CompletableFuture<>());
        List<Waiter> batch;
        synchronized (lock) {
            Queue queue = queues.computeIfAbsent(key, k -> new Queue());
            queue.waiting.add(waiter);
            if (queue.inFlight) {
                return waiter.blocks();
            }
            batch = queue.take();
        }
        send(key, batch);
        return waiter.blocks();
    }

    private void send(Key key, List<Waiter> batch) {
        int total = batch.stream().mapToInt(Waiter::count).sum();
        CompletableFuture<List<AllocatedBlock>> call;
        try {
            call = scm.allocate(
                    key.blockSize(), total, key.replication(), key.owner(), ExcludeList.getDefaultInstance());
        } catch (RuntimeException e) {
            call = CompletableFuture.failedFuture(e);
        }
        var unused = call.whenComplete((blocks, failure) -> {
            List<Waiter> next;
            synchronized (lock) {
                Queue queue = queues.get(key);
                next = queue.take();
                if (next.isEmpty()) {
                    queues.remove(key);
                }
            }
            if (!next.isEmpty()) {
                send(key, next);
            }
            hand(batch, blocks, failure);
        });
    }

    private static void hand(List<Waiter> batch, List<AllocatedBlock> blocks, Throwable failure) {
        int from = 0;
        for (Waiter waiter : batch) {
            if (failure != null) {
                waiter.blocks().completeExceptionally(failure);
            } else if (from + waiter.count() > blocks.size()) {
                waiter.blocks()
                        .completeExceptionally(new ScmUnavailableException(
                                "SCM returned " + blocks.size() + " blocks for a batch of " + batch.size(), null));
            } else {
                waiter.blocks().complete(List.copyOf(blocks.subList(from, from + waiter.count())));
            }
            from += waiter.count();
        }
    }

    /** One SCM call (the block client's {@code allocate}). */
    @FunctionalInterface
    interface Allocator {
        CompletableFuture<List<AllocatedBlock>> allocate(
                long blockSize, int count, ReplicationConfig replication, String owner, ExcludeList exclude);
    }

    private record Key(long blockSize, ReplicationConfig replication, String owner) {}

    private record Waiter(int count, CompletableFuture<List<AllocatedBlock>> blocks) {}

    /** Requests of one key: whether a call is out, and who waits for the next one. Guarded by the batcher's lock. */
    private static final class Queue {
        private final ArrayDeque<Waiter> waiting = new ArrayDeque<>();
        private boolean inFlight;

        /** The next batch (up to the cap); marks a call in flight when it is not empty. */
        List<Waiter> take() {
            List<Waiter> batch = new ArrayList<>();
            int total = 0;
            while (!waiting.isEmpty() && total + waiting.peekFirst().count() <= MAX_BLOCKS_PER_CALL) {
                Waiter waiter = waiting.removeFirst();
                batch.add(waiter);
                total += waiter.count();
            }
            inFlight = !batch.isEmpty();
            return batch;
        }
    }
}
