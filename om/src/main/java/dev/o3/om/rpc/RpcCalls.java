package dev.o3.om.rpc;

import com.google.protobuf.Message;
import dev.o3.om.db.OmStore;
import dev.o3.om.metrics.OmMetrics;
import dev.o3.om.metrics.OperationMetrics;
import dev.o3.om.metrics.Stage;
import dev.o3.om.operation.Preparation;
import dev.o3.om.ratis.NotLeaderException;
import dev.o3.om.ratis.OmRatisServer;
import dev.o3.om.request.Caller;
import dev.o3.om.request.OmException;
import dev.o3.proto.om.OmError;
import dev.o3.proto.om.OmStatus;
import dev.o3.proto.om.OmTransaction;
import dev.o3.proto.om.RequestId;
import dev.o3.proto.om.RetryCacheLimits;
import io.grpc.ServerCallHandler;
import io.grpc.stub.ServerCalls;
import io.grpc.stub.StreamObserver;
import java.time.Clock;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The shapes of OM calls, all started on the gRPC transport thread (the server uses {@code directExecutor}) and
 * never blocking it:
 *
 * <ul>
 *   <li>A write checks leadership, builds the log entry (asking SCM for blocks without blocking), submits it to the
 *       local Raft server and answers with the applied result when Ratis completes it; a single-block CreateKey is
 *       checked and answered at once and logged with its commit ({@link HeldCreates}). The client's request id, if
 *       it sent one, goes into the entry with this OM's retry cache limits.
 *   <li>A read waits for the read barrier (no log write), which for a single OM or a valid leader lease is already
 *       passed, and then reads the cache-backed store on the same thread: no hand-off at all. When the barrier has to
 *       wait, the read continues on the foreground handler pool, never on a Ratis thread.
 *   <li>A listing (a scan of up to a page of rows) always runs on the handler pool, so a long scan does not hold up
 *       the other calls of its connection.
 *   <li>A local call (ServiceInfo) is answered by any OM from its own state, on the transport thread.
 * </ul>
 *
 * <p>Anonymous callers are refused all but the key operations, where the bucket's and keys' ACLs decide.
 *
 * <p>Each records the stages of its latency. Thread-safe.
 */
final class RpcCalls {
    private static final Set<String> ANONYMOUS_OPERATIONS = Set.of(
            "InfoBucket",
            "ListKeys",
            "ListKeyVersions",
            "LookupKey",
            "GetFileStatus",
            "CreateKey",
            "AllocateBlock",
            "CommitKey",
            "DeleteKey",
            "DeleteKeys",
            "InitiateMultipartUpload",
            "CreateMultipartKey",
            "CommitMultipartPart",
            "CompleteMultipartUpload",
            "AbortMultipartUpload",
            "ListParts",
            "ListMultipartUploads");

    private final String logPrefix;
    private final OmRatisServer ratis;
    private final Supplier<OmStore> store;
    private final Executor handlers;
    private final Clock clock;
    private final OmMetrics metrics;
    private final Function<String, String> leaderAddress;
    private final RetryCacheLimits retryCacheLimits;
    private final HeldCreates creates;

    /** @param leaderAddress maps an OM node id to its client address, for NOT_LEADER replies */
    RpcCalls(OzoneManagerService.Dependencies dependencies, Function<String, String> leaderAddress) {
        this.logPrefix = dependencies.logPrefix();
        this.ratis = dependencies.ratis();
        this.store = dependencies.store();
        this.handlers = dependencies.handlers();
        this.clock = dependencies.clock();
        this.metrics = dependencies.metrics();
        this.leaderAddress = leaderAddress;
        this.retryCacheLimits = dependencies.retryCacheLimits();
        this.creates = new HeldCreates(ratis::submit, store, dependencies.createHold(), ratis::isSingleton);
    }

    /**
     * A write, for a unary call or a call on a stream ({@code CallStreams}): its log entry is filled by {@code
     * preparation} (which may ask SCM for blocks); its successful response is completed for the caller ({@code
     * decorate}: block tokens) before it is sent.
     */
    <Q, R extends Message> Write<Q, R> writer(
            String operation,
            Preparation<Q> preparation,
            Class<R> responseType,
            BiFunction<R, Caller, R> decorate,
            Function<OmError, R> errorResponse) {
        OperationMetrics operationMetrics = metrics.operation(operation);
        return (request, caller, requestId, observer) -> {
            RpcCall<R> call = new RpcCall<>(
                    logPrefix, operationMetrics, observer, errorResponse, leaderAddress, caller, request, true);
            try {
                checkLeader();
                checkAnonymous(operation, caller);
                OmTransaction.Builder transaction = OmTransaction.newBuilder()
                        .setUser(caller.user())
                        .setAdmin(caller.admin())
                        .setAnonymous(caller.anonymous())
                        .setSecureTransport(caller.access()
                                .value("aws:SecureTransport")
                                .map(Boolean::parseBoolean)
                                .orElse(false))
                        .setSourceIp(caller.access().value("aws:SourceIp").orElse(""))
                        .setTimeMillis(clock.millis());
                requestId.ifPresent(id -> transaction.setRequestId(id).setRetryCacheLimits(retryCacheLimits));
                long prepared = System.nanoTime();
                // The callback answers every outcome itself, so the derived future carries nothing to check.
                var unused = creates.beforePreparation(request)
                        .thenCompose(ignored -> fill(preparation, request, caller, transaction))
                        .thenCompose(ignored -> {
                            long submitted = System.nanoTime();
                            operationMetrics.recordStage(Stage.SCM, submitted - prepared);
                            return creates.log(transaction.build())
                                    .whenComplete((applied, failure) ->
                                            operationMetrics.recordStage(Stage.RATIS, System.nanoTime() - submitted));
                        })
                        .whenComplete((applied, failure) -> {
                            if (failure != null) {
                                call.fail(failure);
                            } else if (applied.error().isPresent()) {
                                call.error(applied.error().get());
                            } else {
                                R response =
                                        responseType.cast(applied.response().orElseThrow());
                                call.succeed(decorate.apply(response, caller));
                            }
                        });
            } catch (Exception e) {
                call.fail(e);
            }
        };
    }

    private static <Q> CompletableFuture<Void> fill(
            Preparation<Q> preparation, Q request, Caller caller, OmTransaction.Builder transaction) {
        try {
            return preparation.fill(request, caller, transaction);
        } catch (OmException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    static <Q, R extends Message> ServerCallHandler<Q, R> unary(Write<Q, R> write) {
        return ServerCalls.asyncUnaryCall((request, observer) ->
                write.serve(request, CallerInterceptor.CALLER.get(), CallerInterceptor.REQUEST_ID.get(), observer));
    }

    <Q, R extends Message> ServerCallHandler<Q, R> read(
            String operation, ReadHandler<Q, R> handler, Function<OmError, R> errorResponse) {
        return unary(reader(operation, handler, errorResponse));
    }

    /** A read that can be served to a unary call or to a call on a stream ({@code CallStreams}). */
    <Q, R extends Message> Read<Q, R> reader(
            String operation, ReadHandler<Q, R> handler, Function<OmError, R> errorResponse) {
        OperationMetrics operationMetrics = metrics.operation(operation);
        return (request, caller, observer) -> {
            RpcCall<R> call = new RpcCall<>(
                    logPrefix, operationMetrics, observer, errorResponse, leaderAddress, caller, request, false);
            readAfterBarrier(operation, call, handler, request, caller);
        };
    }

    /** The read, served on the handler pool: for reads that may block (e.g. on SCM). */
    <Q, R> Read<Q, R> onHandlerPool(Read<Q, R> read) {
        return (request, caller, observer) -> {
            try {
                handlers.execute(() -> read.serve(request, caller, observer));
            } catch (RejectedExecutionException e) {
                observer.onError(e);
            }
        };
    }

    static <Q, R extends Message> ServerCallHandler<Q, R> unary(Read<Q, R> read) {
        return ServerCalls.asyncUnaryCall(
                (request, observer) -> read.serve(request, CallerInterceptor.CALLER.get(), observer));
    }

    <Q, R extends Message> ServerCallHandler<Q, R> listing(
            String operation, ReadHandler<Q, R> handler, Function<OmError, R> errorResponse) {
        OperationMetrics operationMetrics = metrics.operation(operation);
        return ServerCalls.asyncUnaryCall((request, observer) -> {
            Caller caller = CallerInterceptor.CALLER.get();
            RpcCall<R> call = new RpcCall<>(
                    logPrefix, operationMetrics, observer, errorResponse, leaderAddress, caller, request, false);
            try {
                handlers.execute(() -> {
                    operationMetrics.recordStage(Stage.QUEUE, System.nanoTime() - call.arrivedNanos());
                    readAfterBarrier(operation, call, handler, request, caller);
                });
            } catch (RejectedExecutionException e) {
                call.fail(e);
            }
        });
    }

    /**
     * A call every OM answers at once from its own state, leader or not, without the read barrier: what it knows of
     * the service (its role, the other OMs), so that a client can ask each OM directly.
     */
    <Q, R extends Message> ServerCallHandler<Q, R> local(
            String operation, Function<Q, R> handler, Function<OmError, R> errorResponse) {
        OperationMetrics operationMetrics = metrics.operation(operation);
        return ServerCalls.asyncUnaryCall((request, observer) -> {
            Caller caller = CallerInterceptor.CALLER.get();
            RpcCall<R> call = new RpcCall<>(
                    logPrefix, operationMetrics, observer, errorResponse, leaderAddress, caller, request, false);
            try {
                checkAnonymous(operation, caller);
                call.succeed(handler.apply(request));
            } catch (Exception e) {
                call.fail(e);
            }
        });
    }

    /** Serves the read on this thread when the barrier is passed already, else on the handler pool once it is. */
    private <Q, R extends Message> void readAfterBarrier(
            String operation, RpcCall<R> call, ReadHandler<Q, R> handler, Q request, Caller caller) {
        try {
            checkAnonymous(operation, caller);
        } catch (OmException e) {
            call.fail(e);
            return;
        }
        CompletableFuture<Void> barrier = ratis.readBarrier();
        if (barrier.isDone() && !barrier.isCompletedExceptionally()) {
            serve(call, handler, request, caller);
            return;
        }
        var unused = barrier.whenCompleteAsync(
                (ignored, failure) -> {
                    if (failure != null) {
                        call.fail(failure);
                    } else {
                        serve(call, handler, request, caller);
                    }
                },
                handlers);
    }

    private <Q, R extends Message> void serve(RpcCall<R> call, ReadHandler<Q, R> handler, Q request, Caller caller) {
        try {
            R response = handler.read(request, store.get(), caller);
            call.metrics().recordStage(Stage.READ, System.nanoTime() - call.arrivedNanos());
            call.succeed(response);
        } catch (Exception e) {
            call.fail(e);
        }
    }

    private void checkLeader() {
        Optional<NotLeaderException> notLeader = ratis.checkLeader();
        if (notLeader.isPresent()) {
            throw notLeader.get();
        }
    }

    /** Anonymous callers reach only key operations, where the bucket's and keys' ACLs decide. */
    private static void checkAnonymous(String operation, Caller caller) throws OmException {
        if (caller.anonymous() && !ANONYMOUS_OPERATIONS.contains(operation)) {
            throw new OmException(OmStatus.PERMISSION_DENIED, "anonymous callers may not call " + operation);
        }
    }

    /**
     * One read: answers the observer once, with the response or the error response, from whichever thread serves it.
     *
     * @param <Q> request type
     * @param <R> response type
     */
    @FunctionalInterface
    interface Read<Q, R> {
        void serve(Q request, Caller caller, StreamObserver<R> observer);
    }

    /**
     * One write: answers the observer once, with the applied response or the error response.
     *
     * @param <Q> request type
     * @param <R> response type
     */
    @FunctionalInterface
    interface Write<Q, R> {
        /**
         * Serves the write.
         *
         * @param requestId the caller's id for the call, the same on every attempt, if it sent one
         */
        void serve(Q request, Caller caller, Optional<RequestId> requestId, StreamObserver<R> observer);
    }
}
