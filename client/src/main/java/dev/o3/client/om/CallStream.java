package dev.o3.client.om;

import dev.o3.common.concurrent.Threads;
import dev.o3.proto.om.OmCall;
import dev.o3.proto.om.OmReply;
import dev.o3.proto.om.OzoneManagerServiceGrpc;
import io.grpc.Channel;
import io.grpc.Status;
import io.grpc.stub.ClientCallStreamObserver;
import io.grpc.stub.ClientResponseObserver;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The client end of OM's {@code Calls} stream to one OM: many calls in flight on one long-lived HTTP/2 stream, each
 * answered by the reply carrying its id. The stream opens with the first call and again after it failed; a failure
 * (the OM stopped, the connection broke) fails every call still waiting on it with the stream's status, which the
 * caller's {@link Failover} judges as it would a unary call's. A call unanswered after the deadline fails with
 * DEADLINE_EXCEEDED. Thread-safe.
 */
final class CallStream implements AutoCloseable {
    private static final ScheduledExecutorService DEADLINES =
            Executors.newSingleThreadScheduledExecutor(Threads.daemonThreadsNamed("om-call-deadlines"));

    private final Channel channel;
    private final long deadlineNanos;
    private final AtomicLong ids = new AtomicLong();
    private Open open; // guarded by this
    private volatile Thread replyThread;

    CallStream(Channel channel, Duration deadline) {
        this.channel = channel;
        this.deadlineNanos = deadline.toNanos();
    }

    /** Sends the call (its id is set here); the reply completes on the transport thread. */
    CompletableFuture<OmReply> call(OmCall.Builder call) {
        long id = ids.incrementAndGet();
        OmCall message = call.setCallId(id).build();
        CompletableFuture<OmReply> reply = new CompletableFuture<>();
        synchronized (this) {
            if (open == null || open.ended()) {
                open = new Open();
            }
            open.send(id, message, reply);
        }
        return reply;
    }

    /** The thread the last reply arrived on: the channel's transport thread, once a reply came; else null. */
    Thread replyThread() {
        return replyThread;
    }

    /** Ends the stream once the OM has answered what is in flight, so the channel can shut down. */
    @Override
    public synchronized void close() {
        if (open != null) {
            open.requests.onCompleted();
            open = null;
        }
    }

    private synchronized void detach(Open stream) {
        if (open == stream) {
            open = null;
        }
    }

    private record Waiting(CompletableFuture<OmReply> reply, long sentNanos) {}

    /** One opened stream and the calls waiting on it. */
    private final class Open implements ClientResponseObserver<OmCall, OmReply> {
        private final Map<Long, Waiting> waiting = new ConcurrentHashMap<>();
        private final ScheduledFuture<?> sweep;
        private ClientCallStreamObserver<OmCall> requests;
        // Set before the waiting calls are failed, so a send that comes later sees it.
        private volatile Status endedWith;

        Open() {
            long period = Math.max(deadlineNanos / 4, TimeUnit.MILLISECONDS.toNanos(100));
            sweep = DEADLINES.scheduleWithFixedDelay(this::expire, period, period, TimeUnit.NANOSECONDS);
            // Replies are handled on the transport thread: completing a future is all they need.
            OzoneManagerServiceGrpc.newStub(channel).withExecutor(Runnable::run).calls(this);
        }

        @Override
        public void beforeStart(ClientCallStreamObserver<OmCall> stream) {
            requests = stream;
        }

        boolean ended() {
            return endedWith != null;
        }

        /**
         * Called under the CallStream's lock, so sends are serialized. A stream can end while it is being opened (gRPC
         * reports a shut-down channel at once, on this thread); a call sent then fails at once.
         */
        void send(long id, OmCall message, CompletableFuture<OmReply> reply) {
            waiting.put(id, new Waiting(reply, System.nanoTime()));
            Status ended = endedWith;
            if (ended != null) {
                fail(id, ended);
                return;
            }
            requests.onNext(message);
        }

        @Override
        public void onNext(OmReply reply) {
            Thread current = Thread.currentThread();
            if (replyThread != current) {
                replyThread = current;
            }
            Waiting call = waiting.remove(reply.getCallId());
            if (call != null) {
                call.reply().complete(reply);
            }
        }

        @Override
        public void onError(Throwable failure) {
            end(Status.fromThrowable(failure));
        }

        @Override
        public void onCompleted() {
            end(Status.UNAVAILABLE.withDescription("the OM ended the call stream"));
        }

        private void end(Status status) {
            endedWith = status;
            detach(this);
            sweep.cancel(false);
            waiting.keySet().forEach(id -> fail(id, status));
        }

        private void expire() {
            long now = System.nanoTime();
            waiting.forEach((id, call) -> {
                if (now - call.sentNanos() > deadlineNanos) {
                    fail(id, Status.DEADLINE_EXCEEDED.withDescription("no reply on the OM call stream"));
                }
            });
        }

        private void fail(long id, Status status) {
            Waiting call = waiting.remove(id);
            if (call != null) {
                call.reply().completeExceptionally(status.asRuntimeException());
            }
        }
    }
}
