package dev.o3.om.rpc;

import dev.o3.om.request.Caller;
import dev.o3.proto.om.RequestId;
import io.grpc.Context;
import io.grpc.Contexts;
import io.grpc.Grpc;
import io.grpc.Metadata;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerInterceptor;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/**
 * Reads who calls from gRPC metadata: {@code o3-user} (absent: the OM's own OS user, an administrator), or
 * {@code o3-anonymous} (any value) for an anonymous caller, which wins over {@code o3-user} since it only takes
 * rights away; and, for
 * retry-safe writes, {@code o3-client-id} (UUID) plus {@code o3-call-id} (long), the request id that goes into the
 * log entry so that the OMs apply a retried call once (a malformed pair is ignored); and the request context of bucket
 * policies: {@code o3-source-ip} (else the peer's address) and {@code o3-secure-transport} (else whether the call
 * came over TLS). Stateless; thread-safe.
 */
final class CallerInterceptor implements ServerInterceptor {
    static final Metadata.Key<String> USER = Metadata.Key.of("o3-user", Metadata.ASCII_STRING_MARSHALLER);
    static final Metadata.Key<String> ANONYMOUS = Metadata.Key.of("o3-anonymous", Metadata.ASCII_STRING_MARSHALLER);
    static final Metadata.Key<String> CLIENT_ID = Metadata.Key.of("o3-client-id", Metadata.ASCII_STRING_MARSHALLER);
    static final Metadata.Key<String> CALL_ID = Metadata.Key.of("o3-call-id", Metadata.ASCII_STRING_MARSHALLER);
    static final Metadata.Key<String> SOURCE_IP = Metadata.Key.of("o3-source-ip", Metadata.ASCII_STRING_MARSHALLER);
    static final Metadata.Key<String> SECURE = Metadata.Key.of("o3-secure-transport", Metadata.ASCII_STRING_MARSHALLER);
    static final Context.Key<Caller> CALLER = Context.key("o3-caller");
    static final Context.Key<Optional<RequestId>> REQUEST_ID = Context.key("o3-request-id");

    private final String serverUser;
    private final Set<String> administrators;

    CallerInterceptor(String serverUser, Set<String> administrators) {
        this.serverUser = serverUser;
        this.administrators = Set.copyOf(administrators);
    }

    @Override
    public <Q, R> ServerCall.Listener<Q> interceptCall(
            ServerCall<Q, R> call, Metadata headers, ServerCallHandler<Q, R> next) {
        Caller caller = withContext(
                headers.containsKey(ANONYMOUS) ? Caller.anonymousCaller() : namedCaller(headers),
                Optional.ofNullable(headers.get(SOURCE_IP)).or(() -> peerAddress(call)),
                Optional.ofNullable(headers.get(SECURE))
                        .map(Boolean::parseBoolean)
                        .orElse(call.getAttributes().get(Grpc.TRANSPORT_ATTR_SSL_SESSION) != null));
        Context context = Context.current().withValue(CALLER, caller).withValue(REQUEST_ID, requestId(headers));
        return Contexts.interceptCall(context, call, headers, next);
    }

    /**
     * The caller with the request context bucket policies test: the client's address ({@code aws:SourceIp}, which a
     * gateway passes on as {@code o3-source-ip}), whether it came over TLS, and the user name.
     */
    static Caller withContext(Caller caller, Optional<String> sourceIp, boolean secure) {
        Caller result = caller.withContext("aws:SecureTransport", Boolean.toString(secure));
        if (sourceIp.isPresent()) {
            result = result.withContext("aws:SourceIp", sourceIp.get());
        }
        return caller.anonymous() ? result : result.withContext("aws:username", caller.user());
    }

    private static Optional<String> peerAddress(ServerCall<?, ?> call) {
        return Optional.ofNullable(call.getAttributes().get(Grpc.TRANSPORT_ATTR_REMOTE_ADDR))
                .filter(InetSocketAddress.class::isInstance)
                .map(address -> ((InetSocketAddress) address).getAddress())
                .map(InetAddress::getHostAddress);
    }

    private Caller namedCaller(Metadata headers) {
        return callerOf(Optional.ofNullable(headers.get(USER)).orElse(""), false);
    }

    /** The caller a call names by value, as its metadata would: a blank user is the OM's own user. */
    Caller callerOf(String user, boolean anonymous) {
        if (anonymous) {
            return Caller.anonymousCaller();
        }
        String name = user.isBlank() ? serverUser : user;
        return new Caller(name, name.equals(serverUser) || administrators.contains(name));
    }

    private static Optional<RequestId> requestId(Metadata headers) {
        String clientId = headers.get(CLIENT_ID);
        String callId = headers.get(CALL_ID);
        if (clientId == null || callId == null) {
            return Optional.empty();
        }
        try {
            UUID client = UUID.fromString(clientId);
            return Optional.of(RequestId.newBuilder()
                    .setClientMostBits(client.getMostSignificantBits())
                    .setClientLeastBits(client.getLeastSignificantBits())
                    .setCallId(Long.parseLong(callId))
                    .build());
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }
}
