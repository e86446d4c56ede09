package dev.o3.test.security;

import dev.o3.proto.om.OmCall;
import dev.o3.proto.om.OmReply;
import dev.o3.proto.om.OzoneManagerServiceGrpc;
import io.grpc.Channel;
import io.grpc.stub.StreamObserver;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/** Sends one call on a new OM {@code Calls} stream, as a raw client would, and returns its reply. */
final class CallStreamProbe {
    private static final Duration DEADLINE = Duration.ofSeconds(20);

    private CallStreamProbe() {}

    static OmReply send(Channel channel, OmCall call) throws Exception {
        CompletableFuture<OmReply> reply = new CompletableFuture<>();
        StreamObserver<OmCall> requests = OzoneManagerServiceGrpc.newStub(channel)
                .withDeadlineAfter(DEADLINE.toMillis(), TimeUnit.MILLISECONDS)
                .calls(new StreamObserver<>() {
                    @Override
                    public void onNext(OmReply value) {
                        reply.complete(value);
                    }

                    @Override
                    public void onError(Throwable t) {
                        reply.completeExceptionally(t);
                    }

                    @Override
                    public void onCompleted() {
                        reply.completeExceptionally(new IllegalStateException("no reply"));
                    }
                });
        requests.onNext(call);
        requests.onCompleted();
        return reply.get(DEADLINE.toSeconds(), TimeUnit.SECONDS);
    }
}
