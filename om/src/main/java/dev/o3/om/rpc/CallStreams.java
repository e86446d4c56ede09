package dev.o3.om.rpc;

import dev.o3.common.security.SignatureHeaders;
import dev.o3.om.audit.OmAudit;
import dev.o3.om.policy.Access;
import dev.o3.om.request.Caller;
import dev.o3.om.security.AuthenticationException;
import dev.o3.proto.om.CallAuth;
import dev.o3.proto.om.OmCall;
import dev.o3.proto.om.OmError;
import dev.o3.proto.om.OmReply;
import dev.o3.proto.om.OmStatus;
import dev.o3.proto.om.OzoneManagerServiceGrpc;
import dev.o3.proto.om.RequestId;
import io.grpc.ServerCallHandler;
import io.grpc.stub.ServerCallStreamObserver;
import io.grpc.stub.ServerCalls;
import io.grpc.stub.StreamObserver;
import java.util.Optional;
import java.util.function.BiConsumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The {@code Calls} RPC: LookupKey, CreateKey and CommitKey multiplexed on one stream, each served exactly as its unary
 * form (same barrier or Raft submission, same thread rules, same metrics, same retry cache for a write's request id)
 * and answered as soon as it is done, in any order.
 *
 * <p>Back-pressure: a stream has at most {@link #MAX_IN_FLIGHT} calls unanswered. A new call is taken from the
 * transport only when a reply has gone out and the client is reading its replies, so a client that stops reading
 * stops its own stream and holds no more than that many replies in this OM's memory.
 */
final class CallStreams {
    static final int MAX_IN_FLIGHT = 1024;
    private static final Logger LOG = LoggerFactory.getLogger(CallStreams.class);

    private final CallerInterceptor callers;
    private final KeyRpcs.Streamed keys;

    CallStreams(CallerInterceptor callers, KeyRpcs.Streamed keys) {
        this.callers = callers;
        this.keys = keys;
    }

    /** The method a call on a stream is signed for: the stream's full method name, a slash and the call's case. */
    static String methodOf(OmCall.RequestCase call) {
        return OzoneManagerServiceGrpc.getCallsMethod().getFullMethodName() + "/" + call.name();
    }

    ServerCallHandler<OmCall, OmReply> handler() {
        return ServerCalls.asyncBidiStreamingCall(replies -> new Stream((ServerCallStreamObserver<OmReply>) replies));
    }

    /**
     * One client stream. Replies come from the transport thread, the handler pool (reads behind a read barrier) and
     * Ratis' completion of writes.
     */
    private final class Stream implements StreamObserver<OmCall> {
        private final ServerCallStreamObserver<OmReply> replies;
        // The stream's own address and transport, unless a call names its client's.
        private final Optional<String> streamSourceIp;
        private final boolean streamSecure;
        // The last call's caller, with its context; calls on one stream usually come from one signer (gRPC delivers
        // them one at a time, so onNext alone uses these).
        private Caller lastSigner;
        private Optional<String> lastSourceIp = Optional.empty();
        private boolean lastSecure;
        private Caller lastCaller;
        // All guarded by this.
        private int unanswered;
        private int owedRequests;
        private boolean halfClosed;
        private boolean done;

        Stream(ServerCallStreamObserver<OmReply> replies) {
            this.replies = replies;
            Access context = Optional.ofNullable(CallerInterceptor.CALLER.get())
                    .map(Caller::access)
                    .orElse(Access.NONE);
            this.streamSourceIp = context.value("aws:SourceIp");
            this.streamSecure = context.value("aws:SecureTransport")
                    .map(Boolean::parseBoolean)
                    .orElse(false);
            replies.disableAutoRequest();
            replies.setOnReadyHandler(this::ready);
            replies.request(MAX_IN_FLIGHT);
        }

        @Override
        public void onNext(OmCall call) {
            synchronized (this) {
                unanswered++;
            }
            long id = call.getCallId();
            Optional<RequestId> requestId = call.hasRequestId() ? Optional.of(call.getRequestId()) : Optional.empty();
            Caller caller;
            try {
                caller = callerOf(call);
            } catch (AuthenticationException e) {
                OmAudit.log(
                        call.getAuth().getAccessKey(),
                        call.getRequestCase().name(),
                        "",
                        OmStatus.UNAUTHENTICATED.name(),
                        CallerInterceptor.CLIENT_ADDRESS.get());
                send(error(id, OmStatus.UNAUTHENTICATED, e.getMessage()));
                return;
            }
            switch (call.getRequestCase()) {
                case LOOKUP_KEY -> keys.lookup()
                        .serve(call.getLookupKey(), caller, new Reply<>(id, OmReply.Builder::setLookupKey));
                case CREATE_KEY -> keys.createKey()
                        .serve(call.getCreateKey(), caller, requestId, new Reply<>(id, OmReply.Builder::setCreateKey));
                case COMMIT_KEY -> keys.commitKey()
                        .serve(call.getCommitKey(), caller, requestId, new Reply<>(id, OmReply.Builder::setCommitKey));
                default -> send(error(
                        id,
                        OmStatus.INVALID_REQUEST,
                        "this OM serves no " + call.getRequestCase() + " call on a stream"));
            }
        }

        private static OmReply error(long id, OmStatus status, String message) {
            return OmReply.newBuilder()
                    .setCallId(id)
                    .setError(OmError.newBuilder().setStatus(status).setMessage(message))
                    .build();
        }

        /**
         * The call's caller (with authentication, the one its signature over "Calls method/call case" proves) with the
         * stream's address and transport, or those of the client a trusted proxy names.
         */
        private static String signedMethodOf(OmCall call) {
            return SignatureHeaders.signedMethod(
                    methodOf(call.getRequestCase()),
                    call.hasRequestId()
                            ? SignatureHeaders.requestId(
                                    call.getRequestId().getClientMostBits(),
                                    call.getRequestId().getClientLeastBits(),
                                    call.getRequestId().getCallId())
                            : "");
        }

        private Caller callerOf(OmCall call) throws AuthenticationException {
            Optional<CallAuth> auth = call.hasAuth() ? Optional.of(call.getAuth()) : Optional.empty();
            Caller caller = callers.callerOf(signedMethodOf(call), call.getUser(), call.getAnonymous(), auth);
            boolean namesClient = callers.trustsClientContextOf(auth.map(CallAuth::getAccessKey));
            Optional<String> sourceIp =
                    namesClient && !call.getSourceIp().isEmpty() ? Optional.of(call.getSourceIp()) : streamSourceIp;
            boolean secure = (namesClient && call.getSecureTransport()) || streamSecure;
            // Adding the context copies the caller's condition map three times: reuse the last call's result.
            if (!caller.equals(lastSigner) || !sourceIp.equals(lastSourceIp) || secure != lastSecure) {
                lastCaller = CallerInterceptor.withContext(caller, sourceIp, secure);
                lastSigner = caller;
                lastSourceIp = sourceIp;
                lastSecure = secure;
            }
            return lastCaller;
        }

        private synchronized void send(OmReply reply) {
            unanswered--;
            if (done) {
                return;
            }
            try {
                replies.onNext(reply);
            } catch (RuntimeException e) {
                LOG.debug("could not answer call {} (client gone?)", reply.getCallId(), e);
                done = true;
                return;
            }
            if (replies.isReady()) {
                replies.request(1);
            } else {
                owedRequests++;
            }
            completeIfDrained();
        }

        private synchronized void ready() {
            if (owedRequests > 0 && !done && replies.isReady()) {
                replies.request(owedRequests);
                owedRequests = 0;
            }
        }

        @Override
        public synchronized void onError(Throwable failure) {
            // The client cancelled or went away: nobody reads what is still being served.
            done = true;
        }

        @Override
        public synchronized void onCompleted() {
            halfClosed = true;
            completeIfDrained();
        }

        private void completeIfDrained() {
            if (halfClosed && unanswered == 0 && !done) {
                done = true;
                replies.onCompleted();
            }
        }

        /** Adapts one call's unary-shaped answer (a response, then completion) to a reply on the stream. */
        private final class Reply<R> implements StreamObserver<R> {
            private final long id;
            private final BiConsumer<OmReply.Builder, R> setResponse;

            Reply(long id, BiConsumer<OmReply.Builder, R> setResponse) {
                this.id = id;
                this.setResponse = setResponse;
            }

            @Override
            public void onNext(R response) {
                OmReply.Builder reply = OmReply.newBuilder().setCallId(id);
                setResponse.accept(reply, response);
                send(reply.build());
            }

            @Override
            public void onError(Throwable failure) {
                // RpcCall answers every failure with an error response, never through onError.
                send(OmReply.newBuilder()
                        .setCallId(id)
                        .setError(OmError.newBuilder()
                                .setStatus(OmStatus.INTERNAL_ERROR)
                                .setMessage(String.valueOf(failure.getMessage())))
                        .build());
            }

            @Override
            public void onCompleted() {
                // The reply went out with the response.
            }
        }
    }
}
