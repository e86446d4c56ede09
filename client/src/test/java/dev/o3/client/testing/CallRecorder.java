package dev.o3.client.testing;

import dev.o3.client.testing.FakeOzoneManager.ReceivedCall;
import dev.o3.proto.om.OmCall;
import io.grpc.Metadata;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerInterceptor;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Remembers the headers of the last call, the request ids of every call and every call on a {@code Calls} stream that
 * a {@link FakeOzoneManager} received.
 */
final class CallRecorder implements ServerInterceptor {
    private volatile Metadata lastHeaders = new Metadata();
    private final List<ReceivedCall> received = new CopyOnWriteArrayList<>();
    private final List<OmCall> streamed = new CopyOnWriteArrayList<>();

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

    @Override
    public <Q, R> ServerCall.Listener<Q> interceptCall(
            ServerCall<Q, R> call, Metadata headers, ServerCallHandler<Q, R> next) {
        lastHeaders = headers;
        received.add(new ReceivedCall(
                call.getMethodDescriptor().getBareMethodName(),
                Optional.ofNullable(headers.get(FakeOzoneManager.header("o3-client-id"))),
                Optional.ofNullable(headers.get(FakeOzoneManager.header("o3-call-id")))));
        return next.startCall(call, headers);
    }
}
