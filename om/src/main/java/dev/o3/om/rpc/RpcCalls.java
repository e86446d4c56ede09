package dev.o3.om.rpc;

import com.google.protobuf.ByteString;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.Message;
import com.google.protobuf.Parser;
import dev.o3.om.db.OmStore;
import dev.o3.om.metrics.OmMetrics;
import dev.o3.om.ratis.NotLeaderException;
import dev.o3.om.ratis.OmRatisServer;
import dev.o3.om.ratis.OmRatisServer.RequestId;
import dev.o3.om.request.Caller;
import dev.o3.om.request.OmException;
import dev.o3.proto.om.OmError;
import dev.o3.proto.om.OmStatus;
import dev.o3.proto.om.OmTransaction;
import io.grpc.ServerCallHandler;
import io.grpc.stub.ServerCalls;
import java.time.Clock;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;

/**
 * The two shapes of OM calls. A write checks leadership, builds the log entry on the leader (SCM calls included),
 * submits it through Ratis and answers with the applied result. A read checks leadership, waits for the read barrier
 * (no log write) and reads the cache-backed store. Anonymous callers are refused all but the key operations. Both
 * run on the foreground handler pool, never on gRPC's event loop, and record the stages of their latency. Thread-safe.
 */
final class RpcCalls {
    private static final Set<String> ANONYMOUS_OPERATIONS = Set.of(
            "InfoBucket",
            "ListKeys",
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

    RpcCalls(
            String logPrefix,
            OmRatisServer ratis,
            Supplier<OmStore> store,
            Executor handlers,
            Clock clock,
            OmMetrics metrics,
            Function<String, String> leaderAddress) {
        this.logPrefix = logPrefix;
        this.ratis = ratis;
        this.store = store;
        this.handlers = handlers;
        this.clock = clock;
        this.metrics = metrics;
        this.leaderAddress = leaderAddress;
    }

    <Q, R extends Message> ServerCallHandler<Q, R> write(
            String operation, TransactionBuilder<Q> builder, Parser<R> parser, Function<OmError, R> errorResponse) {
        return write(operation, builder, parser, (response, caller) -> response, errorResponse);
    }

    /** A write whose successful response is completed for the caller (e.g. block tokens) before it is sent. */
    <Q, R extends Message> ServerCallHandler<Q, R> write(
            String operation,
            TransactionBuilder<Q> builder,
            Parser<R> parser,
            BiFunction<R, Caller, R> decorate,
            Function<OmError, R> errorResponse) {
        return ServerCalls.asyncUnaryCall((request, observer) -> {
            RpcCall<R> call = new RpcCall<>(logPrefix, operation, observer, errorResponse, leaderAddress, metrics);
            Caller caller = CallerInterceptor.CALLER.get();
            Optional<RequestId> requestId = CallerInterceptor.REQUEST_ID.get();
            run(call, () -> {
                checkLeader();
                checkAnonymous(operation, caller);
                OmTransaction.Builder transaction = OmTransaction.newBuilder()
                        .setUser(caller.user())
                        .setAdmin(caller.admin())
                        .setAnonymous(caller.anonymous())
                        .setTimeMillis(clock.millis());
                long prepared = System.nanoTime();
                builder.fill(request, caller, transaction);
                long submitted = System.nanoTime();
                metrics.recordStage(operation, "scm", submitted - prepared);
                // The callback answers every outcome itself, so the derived future carries nothing to check.
                var unused = ratis.submit(transaction.build(), requestId).whenComplete((reply, failure) -> {
                    metrics.recordStage(operation, "ratis", System.nanoTime() - submitted);
                    if (failure != null) {
                        call.fail(failure);
                    } else if (reply.hasError()) {
                        call.error(reply.getError());
                    } else {
                        succeed(call, parser, reply.getResponse(), response -> decorate.apply(response, caller));
                    }
                });
            });
        });
    }

    <Q, R extends Message> ServerCallHandler<Q, R> read(
            String operation, ReadHandler<Q, R> handler, Function<OmError, R> errorResponse) {
        return ServerCalls.asyncUnaryCall((request, observer) -> {
            RpcCall<R> call = new RpcCall<>(logPrefix, operation, observer, errorResponse, leaderAddress, metrics);
            Caller caller = CallerInterceptor.CALLER.get();
            run(call, () -> {
                checkLeader();
                checkAnonymous(operation, caller);
                long start = System.nanoTime();
                var unused = ratis.readBarrier()
                        .whenCompleteAsync(
                                (ignored, failure) -> {
                                    if (failure != null) {
                                        call.fail(failure);
                                        return;
                                    }
                                    try {
                                        R response = handler.read(request, store.get(), caller);
                                        metrics.recordStage(operation, "read", System.nanoTime() - start);
                                        call.succeed(response);
                                    } catch (Exception e) {
                                        call.fail(e);
                                    }
                                },
                                handlers);
            });
        });
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

    private static <R extends Message> void succeed(
            RpcCall<R> call, Parser<R> parser, ByteString response, UnaryOperator<R> decorate) {
        try {
            call.succeed(decorate.apply(parser.parseFrom(response)));
        } catch (InvalidProtocolBufferException e) {
            call.fail(e);
        }
    }

    private void run(RpcCall<?> call, Body body) {
        try {
            handlers.execute(() -> {
                metrics.recordStage(call.operation(), "queue", System.nanoTime() - call.arrivedNanos());
                try {
                    body.run();
                } catch (Exception e) {
                    call.fail(e);
                }
            });
        } catch (RejectedExecutionException e) {
            call.fail(e);
        }
    }

    @FunctionalInterface
    private interface Body {
        void run() throws Exception;
    }
}
