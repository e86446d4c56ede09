package dev.o3.server.security.tls;

import io.grpc.CallOptions;
import io.grpc.Channel;
import io.grpc.ClientCall;
import io.grpc.ClientInterceptor;
import io.grpc.ForwardingClientCall;
import io.grpc.ForwardingClientCallListener;
import io.grpc.Grpc;
import io.grpc.Metadata;
import io.grpc.MethodDescriptor;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerInterceptor;
import java.util.concurrent.atomic.AtomicReference;
import javax.net.ssl.SSLSession;

/** Keeps the TLS session of the last call it saw, on the server or the client side. */
final class SessionRecorder implements ServerInterceptor, ClientInterceptor {
    private final AtomicReference<SSLSession> session = new AtomicReference<>();

    /** The session of the last call; null before any. */
    SSLSession session() {
        return session.get();
    }

    @Override
    public <Q, R> ServerCall.Listener<Q> interceptCall(
            ServerCall<Q, R> call, Metadata headers, ServerCallHandler<Q, R> next) {
        session.set(call.getAttributes().get(Grpc.TRANSPORT_ATTR_SSL_SESSION));
        return next.startCall(call, headers);
    }

    @Override
    public <Q, R> ClientCall<Q, R> interceptCall(MethodDescriptor<Q, R> method, CallOptions options, Channel next) {
        return new ForwardingClientCall.SimpleForwardingClientCall<>(next.newCall(method, options)) {
            @Override
            public void start(Listener<R> listener, Metadata headers) {
                ClientCall<Q, R> call = this;
                super.start(
                        new ForwardingClientCallListener.SimpleForwardingClientCallListener<>(listener) {
                            @Override
                            public void onHeaders(Metadata received) {
                                session.set(call.getAttributes().get(Grpc.TRANSPORT_ATTR_SSL_SESSION));
                                super.onHeaders(received);
                            }
                        },
                        headers);
            }
        };
    }
}
