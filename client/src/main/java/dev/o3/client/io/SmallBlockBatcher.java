package dev.o3.client.io;

import com.google.errorprone.annotations.concurrent.GuardedBy;
import dev.o3.common.container.ContainerCommandException;
import dev.o3.proto.container.ContainerCommandRequest;
import dev.o3.proto.container.ContainerCommandResponse;
import dev.o3.proto.container.ContainerResult;
import dev.o3.proto.container.WriteBatchRequest;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Function;

/**
 * Group commit of small blocks on one pipeline. A Raft entry costs every member of the pipeline the same work (log
 * append, replication, sync, apply hand-offs, the reply) whether it holds one small object or several: at most
 * {@code maxInFlight} entries of this client's small blocks are in flight on the pipeline, small blocks written
 * meanwhile queue, and when an entry completes the queue goes out as ONE entry, a write batch (container.proto
 * {@code WriteBatchRequest}), each block with its own token and its own answer. An idle pipeline therefore gets each
 * small block alone and at once; a busy one as many per entry as arrived during one round trip, bounded by {@link
 * #MAX_COMMANDS} and {@link #MAX_BYTES}. Durability is the entry's: a block's future completes once the entry is
 * applied on a majority of the pipeline, as for a block sent alone.
 *
 * <p>Thread-safe. Futures complete on Ratis' threads, after the next entry went out.
 */
final class SmallBlockBatcher {
    /**
     * The largest block that goes through the batcher: the datanodes keep a block of at most their inline limit
     * ({@code hdds.container.ratis.log.inline.data.max}, 64 KB by default) in its log entry, as a batch keeps all of
     * its blocks.
     */
    static final int MAX_BLOCK_BYTES = 64 << 10;

    static final int MAX_COMMANDS = 64;
    /** Well under the Raft log's entry and gRPC message limits. */
    static final int MAX_BYTES = 1 << 20;

    private final Function<ContainerCommandRequest, CompletableFuture<ContainerCommandResponse>> send;
    private final int maxInFlight;
    private final Object lock = new Object();

    @GuardedBy("lock")
    private final Queue<Pending> waiting = new ArrayDeque<>();

    @GuardedBy("lock")
    private int inFlight;

    private record Pending(ContainerCommandRequest command, CompletableFuture<ContainerCommandResponse> answer) {}

    /**
     * @param send sends one command to the pipeline; its future fails with {@link ContainerCommandException} for a
     *     result other than SUCCESS
     * @param maxInFlight entries sent and not yet answered, at most (at least 1)
     */
    SmallBlockBatcher(
            Function<ContainerCommandRequest, CompletableFuture<ContainerCommandResponse>> send, int maxInFlight) {
        if (maxInFlight < 1) {
            throw new IllegalArgumentException("maxInFlight must be positive: " + maxInFlight);
        }
        this.send = send;
        this.maxInFlight = maxInFlight;
    }

    /**
     * Sends a WriteChunk that carries a whole block and its PutBlock, alone or in a batch.
     *
     * @return its SUCCESS response, or a future failed as {@code send}'s would for the command alone
     */
    CompletableFuture<ContainerCommandResponse> submit(ContainerCommandRequest command) {
        Pending pending = new Pending(command, new CompletableFuture<>());
        synchronized (lock) {
            if (inFlight >= maxInFlight) {
                waiting.add(pending);
                return pending.answer();
            }
            inFlight++;
        }
        dispatch(List.of(pending));
        return pending.answer();
    }

    private void dispatch(List<Pending> entry) {
        CompletableFuture<ContainerCommandResponse> sent;
        try {
            sent = send.apply(entry.size() == 1 ? entry.get(0).command() : batch(entry));
        } catch (RuntimeException e) {
            sent = CompletableFuture.failedFuture(e);
        }
        var unused = sent.whenComplete((response, failure) -> {
            sendNext();
            if (failure != null) {
                entry.forEach(pending -> pending.answer().completeExceptionally(failure));
            } else if (entry.size() == 1) {
                entry.get(0).answer().complete(response);
            } else {
                answer(entry, response);
            }
        });
    }

    private void sendNext() {
        List<Pending> next = new ArrayList<>();
        synchronized (lock) {
            long bytes = 0;
            while (!waiting.isEmpty() && next.size() < MAX_COMMANDS) {
                long size = waiting.peek().command().getSerializedSize();
                if (!next.isEmpty() && bytes + size > MAX_BYTES) {
                    break;
                }
                next.add(waiting.remove());
                bytes += size;
            }
            if (next.isEmpty()) {
                inFlight--;
                return;
            }
        }
        dispatch(next);
    }

    private static ContainerCommandRequest batch(List<Pending> entry) {
        WriteBatchRequest.Builder batch = WriteBatchRequest.newBuilder();
        entry.forEach(pending -> batch.addCommands(pending.command()));
        return ContainerCommandRequest.newBuilder()
                .setContainerId(entry.get(0).command().getContainerId())
                .setWriteBatch(batch)
                .build();
    }

    private static void answer(List<Pending> entry, ContainerCommandResponse response) {
        int answered = response.getWriteBatch().getResponsesCount();
        for (int i = 0; i < entry.size(); i++) {
            CompletableFuture<ContainerCommandResponse> answer = entry.get(i).answer();
            if (i >= answered) {
                answer.completeExceptionally(new CompletionException(new IllegalStateException(
                        "the datanode answered " + answered + " of the " + entry.size() + " commands of a batch")));
                continue;
            }
            ContainerCommandResponse single = response.getWriteBatch().getResponses(i);
            if (single.getResult() == ContainerResult.SUCCESS) {
                answer.complete(single);
            } else {
                answer.completeExceptionally(new ContainerCommandException(single.getResult(), single.getMessage()));
            }
        }
    }
}
