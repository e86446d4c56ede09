package dev.o3.client.testing;

import dev.o3.client.testing.FakeOzoneManager.ReceivedCall;
import dev.o3.proto.om.OmCall;
import io.grpc.Grpc;
import io.grpc.Metadata;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerInterceptor;
import java.net.SocketAddress;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Remembers the headers of the last call, the request ids of every call, every call on a {@code Calls} stream and
 * where each such stream came from, that a {@link FakeOzoneManager} received.
 */
final class CallRecorder implements ServerInterceptor {
    private volatile Metadata lastHeaders = new Metadata();
    private final List<ReceivedCall> received = new CopyOnWriteArrayList<>();
    private final List<OmCall> streamed = new CopyOnWriteArrayList<>();
    private final List<SocketAddress> streamSources = new CopyOnWriteArrayList<>();

    Metadata lastHeaders() {
        return lastHeaders;
    }

    List<ReceivedCall> received() {
        return List.copyOf(received);
    }

    void recordStreamed(OmCall call) {
        streamed.add(call);
    }

    List<OmCall> streamed() {
        return List.copyOf(streamed);
    }

    List<SocketAddress> streamSources() {
        return List.copyOf(streamSources);
    }

    @Override
    public <Q, R> ServerCall.Listener<Q> interceptCall(
            ServerCall<Q, R> call, Metadata headers, ServerCallHandler<Q, R> next) {
        lastHeaders = headers;
        if (call.getMethodDescriptor().getBareMethodName().equals("Calls")) {
            streamSources.add(call.getAttributes().get(Grpc.TRANSPORT_ATTR_REMOTE_ADDR));
        }
        received.add(new ReceivedCall(
                call.getMethodDescriptor().getBareMethodName(),
                Optional.ofNullable(headers.get(FakeOzoneManager.header("o3-client-id"))),
                Optional.ofNullable(headers.get(FakeOzoneManager.header("o3-call-id")))));
        return next.startCall(call, headers);
    }
}
