package dev.o3.om.rpc;

import dev.o3.common.security.DelegationTokens;
import dev.o3.common.security.RequestSignature;
import dev.o3.common.security.SignatureHeaders;
import dev.o3.om.audit.OmAudit;
import dev.o3.om.request.Caller;
import dev.o3.om.security.AuthenticationException;
import dev.o3.om.security.RequestAuthenticator;
import dev.o3.proto.om.CallAuth;
import dev.o3.proto.om.OzoneManagerServiceGrpc;
import dev.o3.proto.om.RequestId;
import io.grpc.Context;
import io.grpc.Contexts;
import io.grpc.Grpc;
import io.grpc.Metadata;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerInterceptor;
import io.grpc.Status;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.function.BooleanSupplier;

/**
 * Decides who calls. Without authentication (security off) it believes gRPC metadata: {@code o3-user} (absent: the
 * OM's own OS user, an administrator), or {@code o3-anonymous} (any value) for an anonymous caller, which wins over
 * {@code o3-user} since it only takes rights away. With authentication every call must carry a valid signature
 * ({@code o3-access-key}, {@code o3-auth-*}; {@link RequestAuthenticator}); a call without one is closed with
 * UNAUTHENTICATED before it reaches a handler (by a follower with UNAVAILABLE, so that the client asks the leader,
 * which may know a key or token the follower has not applied yet), except VerifySignature, which SCM calls without a
 * user credential.
 * Also reads, for retry-safe writes, {@code o3-client-id} (UUID) plus {@code o3-call-id} (long), the request id that
 * goes into the log entry so that the OMs apply a retried call once (a malformed pair is ignored), the caller's
 * address for the audit log, and the request context of bucket policies: {@code o3-source-ip} (else the peer's
 * address) and {@code o3-secure-transport} (else whether the call came over TLS), believed with authentication only
 * from a trusted proxy (the S3 gateway passing on its client's). Stateless; thread-safe.
 */
final class CallerInterceptor implements ServerInterceptor {
    static final Metadata.Key<String> CLIENT_ID = Metadata.Key.of("o3-client-id", Metadata.ASCII_STRING_MARSHALLER);
    static final Metadata.Key<String> CALL_ID = Metadata.Key.of("o3-call-id", Metadata.ASCII_STRING_MARSHALLER);
    static final Metadata.Key<String> SOURCE_IP = Metadata.Key.of("o3-source-ip", Metadata.ASCII_STRING_MARSHALLER);
    static final Metadata.Key<String> SECURE = Metadata.Key.of("o3-secure-transport", Metadata.ASCII_STRING_MARSHALLER);
    static final Context.Key<Caller> CALLER = Context.key("o3-caller");
    static final Context.Key<Optional<RequestId>> REQUEST_ID = Context.key("o3-request-id");
    static final Context.Key<String> CLIENT_ADDRESS = Context.key("o3-client-address");

    private final String serverUser;
    private final Set<String> administrators;
    private final Optional<RequestAuthenticator> authenticator;
    private final BooleanSupplier isLeader;

    /**
     * @param isLeader whether this OM leads: a follower may not have applied the key or token a call was just signed
     *     with, so it sends a call it cannot authenticate on to the leader instead of refusing it
     */
    CallerInterceptor(
            String serverUser,
            Set<String> administrators,
            Optional<RequestAuthenticator> authenticator,
            BooleanSupplier isLeader) {
        this.serverUser = serverUser;
        this.administrators = Set.copyOf(administrators);
        this.authenticator = authenticator;
        this.isLeader = isLeader;
    }

    @Override
    public <Q, R> ServerCall.Listener<Q> interceptCall(
            ServerCall<Q, R> call, Metadata headers, ServerCallHandler<Q, R> next) {
        String client = addressOf(call.getAttributes().get(Grpc.TRANSPORT_ATTR_REMOTE_ADDR));
        String method = call.getMethodDescriptor().getFullMethodName();
        Caller caller;
        if (authenticator.isEmpty()) {
            caller = headers.containsKey(SignatureHeaders.ANONYMOUS) ? Caller.anonymousCaller() : namedCaller(headers);
        } else if (method.equals(
                        OzoneManagerServiceGrpc.getVerifySignatureMethod().getFullMethodName())
                || method.equals(OzoneManagerServiceGrpc.getCallsMethod().getFullMethodName())) {
            // VerifySignature checks the signature it carries; every call on a stream carries its own.
            caller = Caller.anonymousCaller();
        } else {
            try {
                caller =
                        authenticator.get().authenticate(SignatureHeaders.read(headers, signedMethod(method, headers)));
                if (method.equals(OzoneManagerServiceGrpc.getGetDelegationTokenMethod()
                                .getFullMethodName())
                        && DelegationTokens.isToken(Optional.ofNullable(headers.get(SignatureHeaders.ACCESS_KEY))
                                .orElse(""))) {
                    // a token that begets tokens would outlive its max lifetime
                    throw new AuthenticationException(
                            "a delegation token gets no delegation token: sign with your access key");
                }
            } catch (AuthenticationException | IllegalArgumentException e) {
                String message = e instanceof AuthenticationException
                        ? e.getMessage()
                        : "authentication failed: " + e.getMessage();
                if (!isLeader.getAsBoolean()) {
                    // UNAVAILABLE: the client moves on to the next OM, as it does from an unreachable one
                    call.close(
                            Status.UNAVAILABLE.withDescription("not the leader, which decides: " + message),
                            new Metadata());
                    return new ServerCall.Listener<>() {};
                }
                OmAudit.log(
                        Optional.ofNullable(headers.get(SignatureHeaders.ACCESS_KEY))
                                .orElse(""),
                        call.getMethodDescriptor().getBareMethodName(),
                        "",
                        "UNAUTHENTICATED",
                        client);
                Status refusal = Status.UNAUTHENTICATED.withDescription(message);
                call.close(refusal, new Metadata());
                return new ServerCall.Listener<>() {};
            }
        }
        boolean namesClient = trustsClientContextOf(Optional.ofNullable(headers.get(SignatureHeaders.ACCESS_KEY)));
        caller = withContext(
                caller,
                Optional.ofNullable(namesClient ? headers.get(SOURCE_IP) : null).or(() -> peerAddress(call)),
                Optional.ofNullable(namesClient ? headers.get(SECURE) : null)
                        .map(Boolean::parseBoolean)
                        .orElse(call.getAttributes().get(Grpc.TRANSPORT_ATTR_SSL_SESSION) != null));
        Context context = Context.current()
                .withValue(CALLER, caller)
                .withValue(REQUEST_ID, requestId(headers))
                .withValue(CLIENT_ADDRESS, client);
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

    /**
     * Whether a call signed with {@code accessKey} may name the address and transport of the client it acts for:
     * without authentication any call, with it only a trusted proxy's (an ordinary user could claim any address).
     */
    boolean trustsClientContextOf(Optional<String> accessKey) {
        return authenticator.isEmpty()
                || accessKey.filter(authenticator.get()::isProxy).isPresent();
    }

    private Caller namedCaller(Metadata headers) {
        return callerOf(Optional.ofNullable(headers.get(SignatureHeaders.USER)).orElse(""), false);
    }

    /** The caller a call names by value, as its metadata would: a blank user is the OM's own user. */
    Caller callerOf(String user, boolean anonymous) {
        if (anonymous) {
            return Caller.anonymousCaller();
        }
        String name = user.isBlank() ? serverUser : user;
        return new Caller(name, name.equals(serverUser) || administrators.contains(name));
    }

    /**
     * The caller of one call on a stream: named by its fields without authentication, else by its signature.
     *
     * @throws AuthenticationException when authentication is on and the call's signature is not valid
     */
    Caller callerOf(String method, String user, boolean anonymous, Optional<CallAuth> auth)
            throws AuthenticationException {
        if (authenticator.isEmpty()) {
            return callerOf(user, anonymous);
        }
        return authenticator.get().authenticate(auth.map(signed -> signatureOf(method, user, anonymous, signed)));
    }

    /** The signature a {@link CallAuth} carries for a call of {@code method} acting as {@code user}. */
    static RequestSignature signatureOf(String method, String user, boolean anonymous, CallAuth auth) {
        return new RequestSignature(
                auth.getAccessKey(),
                user,
                anonymous,
                method,
                auth.getTimeMillis(),
                auth.getNonce(),
                auth.getSignature());
    }

    /** Whether this OM leads now. */
    boolean isLeader() {
        return isLeader.getAsBoolean();
    }

    Optional<RequestAuthenticator> authenticator() {
        return authenticator;
    }

    private static String addressOf(SocketAddress address) {
        if (address == null) {
            return "-";
        }
        String text = address.toString();
        return text.startsWith("/") ? text.substring(1) : text;
    }

    /** The method string the call's signature covers: with the request id the headers carry, if any. */
    private static String signedMethod(String method, Metadata headers) {
        String clientId = headers.get(CLIENT_ID);
        String callId = headers.get(CALL_ID);
        return clientId == null || callId == null
                ? method
                : SignatureHeaders.signedMethod(method, clientId + "/" + callId);
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
