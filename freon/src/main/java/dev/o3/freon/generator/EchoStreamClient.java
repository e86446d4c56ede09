package dev.o3.freon.generator;

import dev.o3.proto.echo.EchoRequest;
import dev.o3.proto.echo.EchoResponse;
import dev.o3.proto.echo.EchoServiceGrpc.EchoServiceStub;
import io.grpc.Status;
import io.grpc.stub.StreamObserver;
import java.util.ArrayDeque;
import java.util.Queue;
import java.util.concurrent.CompletableFuture;

/**
 * Echoes on one {@code EchoStream}: the server answers in order, so each response completes the oldest waiting echo.
 * A stream failure fails every waiting echo and the ones after it. Replies complete on the transport thread.
 * Thread-safe.
 */
final class EchoStreamClient implements AutoCloseable {
    private final EchoRequest request;
    private final StreamObserver<EchoRequest> requests;
    private final Queue<CompletableFuture<Long>> waiting = new ArrayDeque<>(); // guarded by this
    private Throwable failure; // guarded by this

    EchoStreamClient(EchoServiceStub stub, EchoRequest request) {
        this.request = request;
        this.requests = stub.withExecutor(Runnable::run).echoStream(new Responses());
    }

    /** Sends one echo; completes with the response's payload size. */
    synchronized CompletableFuture<Long> echo() {
        CompletableFuture<Long> response = new CompletableFuture<>();
        if (failure != null) {
            response.completeExceptionally(failure);
            return response;
        }
        waiting.add(response);
        requests.onNext(request);
        return response;
    }

    @Override
    public synchronized void close() {
        if (failure == null) {
            requests.onCompleted();
            failure = Status.CANCELLED.withDescription("echo stream closed").asRuntimeException();
        }
    }

    private synchronized CompletableFuture<Long> oldest() {
        return waiting.poll();
    }

    private synchronized void fail(Throwable cause) {
        failure = cause;
        waiting.forEach(response -> response.completeExceptionally(cause));
        waiting.clear();
    }

    private final class Responses implements StreamObserver<EchoResponse> {
        @Override
        public void onNext(EchoResponse response) {
            CompletableFuture<Long> echo = oldest();
            if (echo != null) {
                echo.complete((long) response.getPayload().size());
            }
        }

        @Override
        public void onError(Throwable cause) {
            fail(cause);
        }

        @Override
        public void onCompleted() {
            fail(Status.UNAVAILABLE
                    .withDescription("the server ended the echo stream")
                    .asRuntimeException());
        }
    }
}
