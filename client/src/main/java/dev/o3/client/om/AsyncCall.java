package dev.o3.client.om;

import dev.o3.proto.om.OmError;
import io.grpc.Status;
import io.grpc.stub.StreamObserver;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.function.IntSupplier;

/**
 * One asynchronous OM call and its retries: each attempt goes to the current leader guess; the {@link Failover}
 * decides whether the answer is final, a redirect or worth another try after a back-off (scheduled, never slept).
 * Attempts run one after the other, so the failover state needs no lock.
 *
 * @param <R> response type
 */
final class AsyncCall<R> {
    private final Failover failover;
    private final Failover.LeaderIndex leaderIndex;
    private final IntSupplier leader;
    private final Attempts<R> attempts;
    private final Function<R, OmError> errorOf;
    private final CompletableFuture<R> result = new CompletableFuture<>();

    AsyncCall(
            Failover failover,
            Failover.LeaderIndex leaderIndex,
            IntSupplier leader,
            Attempts<R> attempts,
            Function<R, OmError> errorOf) {
        this.failover = failover;
        this.leaderIndex = leaderIndex;
        this.leader = leader;
        this.attempts = attempts;
        this.errorOf = errorOf;
    }

    CompletableFuture<R> start() {
        attempt();
        return result;
    }

    private void attempt() {
        int target = leader.getAsInt();
        try {
            attempts.start(target, new Attempt(target));
        } catch (RuntimeException e) {
            result.completeExceptionally(e);
        }
    }

    private void decide(Failover.Next next, R response) {
        switch (next) {
            case DONE -> result.complete(response);
            case RETRY_NOW -> attempt();
            case RETRY_LATER -> CompletableFuture.delayedExecutor(failover.backoffNanos(), TimeUnit.NANOSECONDS)
                    .execute(this::attempt);
        }
    }

    /**
     * Starts one attempt at OM {@code target} (an index into the client's OM addresses): one response, then
     * completion, or one error, as a unary call answers.
     *
     * @param <R> response type
     */
    @FunctionalInterface
    interface Attempts<R> {
        void start(int target, StreamObserver<R> observer);
    }

    /** The observer of one attempt: a unary call sees one response, then completion, or one error. */
    private final class Attempt implements StreamObserver<R> {
        private final int target;
        private R response;

        Attempt(int target) {
            this.target = target;
        }

        @Override
        public void onNext(R value) {
            response = value;
        }

        @Override
        public void onError(Throwable failure) {
            try {
                decide(failover.onTransportFailure(target, Status.fromThrowable(failure), leaderIndex), null);
            } catch (OmException e) {
                result.completeExceptionally(e);
            }
        }

        @Override
        public void onCompleted() {
            try {
                decide(failover.onReply(target, errorOf.apply(response), leaderIndex), response);
            } catch (RuntimeException e) {
                result.completeExceptionally(e);
            }
        }
    }
}
