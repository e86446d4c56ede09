package dev.o3.client.om;

import dev.o3.proto.om.RequestId;
import io.grpc.CallOptions;
import io.grpc.Channel;
import io.grpc.ClientCall;
import io.grpc.ClientInterceptor;
import io.grpc.ForwardingClientCall;
import io.grpc.Metadata;
import io.grpc.MethodDescriptor;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Request ids for writes: one random client UUID ({@code o3-client-id}) for the client and the clients derived from
 * it, and a call number ({@code o3-call-id}) per write call. Every attempt of one call, including those that follow a
 * NOT_LEADER reply, an unreachable OM or a failover, carries the same pair, so the OMs apply the call once and answer a
 * retry with the first reply. Reads (methods om.proto marks {@code NO_SIDE_EFFECTS}, which gRPC reports as
 * {@link MethodDescriptor#isSafe() safe}) carry none.
 *
 * <p>A call asks for its pair with {@link #newCall()} once and puts it on each attempt's stub ({@link #CALL}); the
 * number is drawn at the call's first write attempt. Thread-safe.
 */
final class RequestIds implements ClientInterceptor {
    static final Metadata.Key<String> CLIENT_ID = Metadata.Key.of("o3-client-id", Metadata.ASCII_STRING_MARSHALLER);
    static final Metadata.Key<String> CALL_ID = Metadata.Key.of("o3-call-id", Metadata.ASCII_STRING_MARSHALLER);
    /** The call an attempt belongs to. */
    static final CallOptions.Key<Call> CALL = CallOptions.Key.create("o3-call");

    private final UUID client = UUID.randomUUID();
    private final String clientId = client.toString();
    private final AtomicLong lastCallId = new AtomicLong();

    /** The id of a new logical call; pass it to every attempt. */
    Call newCall() {
        return new Call(this);
    }

    /** The id of a new logical call sent on a {@code Calls} stream, as the pair of headers would carry it. */
    RequestId newRequestId() {
        return RequestId.newBuilder()
                .setClientMostBits(client.getMostSignificantBits())
                .setClientLeastBits(client.getLeastSignificantBits())
                .setCallId(lastCallId.incrementAndGet())
                .build();
    }

    @Override
    public <Q, R> ClientCall<Q, R> interceptCall(MethodDescriptor<Q, R> method, CallOptions options, Channel next) {
        Call call = options.getOption(CALL);
        ClientCall<Q, R> attempt = next.newCall(method, options);
        if (call == null || method.isSafe()) {
            return attempt;
        }
        String callId = Long.toString(call.number());
        return new ForwardingClientCall.SimpleForwardingClientCall<>(attempt) {
            @Override
            public void start(Listener<R> listener, Metadata headers) {
                headers.put(CLIENT_ID, clientId);
                headers.put(CALL_ID, callId);
                super.start(listener, headers);
            }
        };
    }

    /** One logical call: its number, drawn once when first needed. Attempts run one after the other. */
    static final class Call {
        private final RequestIds ids;
        private volatile long number;

        private Call(RequestIds ids) {
            this.ids = ids;
        }

        /** The client's id, as {@code o3-client-id} carries it. */
        String clientId() {
            return ids.clientId;
        }

        long number() {
            if (number == 0) {
                number = ids.lastCallId.incrementAndGet();
            }
            return number;
        }
    }
}
