package dev.o3.client.om;

import dev.o3.common.config.HostAndPort;
import dev.o3.common.grpc.GrpcConfig;
import dev.o3.common.grpc.GrpcFactory;
import dev.o3.common.security.UserCredential;
import dev.o3.proto.om.LookupKeyRequest;
import dev.o3.proto.om.LookupKeyResponse;
import dev.o3.proto.om.OmCall;
import dev.o3.proto.om.OmError;
import dev.o3.proto.om.OmReply;
import dev.o3.proto.om.OmStatus;
import dev.o3.proto.om.OzoneManagerServiceGrpc;
import dev.o3.proto.om.OzoneManagerServiceGrpc.OzoneManagerServiceBlockingStub;
import dev.o3.proto.om.OzoneManagerServiceGrpc.OzoneManagerServiceStub;
import io.grpc.ClientInterceptor;
import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.stub.MetadataUtils;
import io.grpc.stub.StreamObserver;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Calls the Ozone Manager over one persistent gRPC channel per OM. Every call goes to the OM believed to be leader; a
 * NOT_LEADER reply moves to the leader it names, an unreachable OM or LEADER_NOT_READY moves to the next one, until the
 * failover timeout. Every attempt of a write carries the same request id ({@link RequestIds}), so a write whose reply
 * was lost (the leader failed after applying it) is not applied again when retried, and the retry gets the first
 * reply instead of a false error such as KEY_NOT_FOUND. Thread-safe: channels are shared and the leader guess is a
 * volatile index.
 */
public final class OmClient implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(OmClient.class);
    private static final Metadata.Key<String> USER_KEY = Metadata.Key.of("o3-user", Metadata.ASCII_STRING_MARSHALLER);
    private static final Metadata.Key<String> ANONYMOUS_KEY =
            Metadata.Key.of("o3-anonymous", Metadata.ASCII_STRING_MARSHALLER);
    private static final Metadata.Key<String> SOURCE_IP_KEY =
            Metadata.Key.of("o3-source-ip", Metadata.ASCII_STRING_MARSHALLER);
    private static final Duration RPC_DEADLINE = Duration.ofSeconds(60);

    private final List<HostAndPort> addresses;
    private final List<ManagedChannel> channels;
    private final List<OzoneManagerServiceBlockingStub> stubs;
    private final List<OzoneManagerServiceStub> asyncStubs;
    private final List<CallStreamGroup> callStreams;
    private final String user;
    private final boolean anonymous;
    private final Optional<UserCredential> credential;
    private final Metadata headers;
    private final String sourceIp;
    private final Failover.LeaderIndex leaderIndex = new Leader();
    private final Duration failoverTimeout;
    private final RequestIds requestIds;
    private final boolean ownsChannels;
    private volatile int leader;

    /**
     * Opens (lazily connecting) channels to every OM.
     *
     * @param addresses every OM's client address
     * @param user the user every call acts as
     * @param failoverTimeout how long to look for a leader before a call fails
     * @param grpc settings of the channels
     */
    public OmClient(List<HostAndPort> addresses, String user, Duration failoverTimeout, GrpcConfig grpc) {
        this(addresses, user, Optional.empty(), failoverTimeout, grpc);
    }

    /**
     * Opens (lazily connecting) channels to every OM, signing every call with {@code credential} when there is one
     * (secure mode; docs/security.md).
     *
     * @param addresses every OM's client address
     * @param user the user every call acts as
     * @param credential the key calls are signed with; empty: unsigned calls (security off)
     * @param failoverTimeout how long to look for a leader before a call fails
     * @param grpc settings of the channels
     */
    public OmClient(
            List<HostAndPort> addresses,
            String user,
            Optional<UserCredential> credential,
            Duration failoverTimeout,
            GrpcConfig grpc) {
        this(addresses, user, credential, failoverTimeout, grpc, 1);
    }

    /**
     * As {@link #OmClient(List, String, Optional, Duration, GrpcConfig)}, with the streamed calls (keys: lookups,
     * creates, commits) spread over {@code connections} connections to each OM ({@code ozone.client.om.connections}).
     */
    public OmClient(
            List<HostAndPort> addresses,
            String user,
            Optional<UserCredential> credential,
            Duration failoverTimeout,
            GrpcConfig grpc,
            int connections) {
        if (addresses.isEmpty()) {
            throw new IllegalArgumentException("no OM address");
        }
        this.addresses = List.copyOf(addresses);
        this.failoverTimeout = Objects.requireNonNull(failoverTimeout, "failoverTimeout is null");
        this.ownsChannels = true;
        this.requestIds = new RequestIds();
        this.channels = new ArrayList<>();
        for (HostAndPort address : this.addresses) {
            channels.add(CallStreamGroup.channel(address, grpc));
        }
        this.credential = Objects.requireNonNull(credential, "credential is null");
        Optional<SigningCredentials> signer = signer(credential, user, false);
        this.stubs = stubs(channels, userHeaders(user), signer, requestIds);
        this.asyncStubs = asyncStubs(channels, userHeaders(user), signer, requestIds);
        this.callStreams = new ArrayList<>();
        for (int i = 0; i < channels.size(); i++) {
            callStreams.add(
                    new CallStreamGroup(channels.get(i), this.addresses.get(i), grpc, connections, RPC_DEADLINE));
        }
        this.user = user;
        this.anonymous = false;
        this.headers = userHeaders(user);
        this.sourceIp = "";
    }

    private OmClient(OmClient shared, Metadata headers, String user, boolean anonymous, String sourceIp) {
        this.addresses = shared.addresses;
        this.failoverTimeout = shared.failoverTimeout;
        this.ownsChannels = false;
        this.requestIds = shared.requestIds;
        this.channels = shared.channels;
        this.credential = shared.credential;
        Optional<SigningCredentials> signer = signer(credential, user, anonymous);
        this.stubs = stubs(channels, headers, signer, requestIds);
        this.asyncStubs = asyncStubs(channels, headers, signer, requestIds);
        this.callStreams = shared.callStreams;
        this.user = user;
        this.anonymous = anonymous;
        this.headers = headers;
        this.sourceIp = sourceIp;
        this.leader = shared.leader;
    }

    /** The user this client acts as (a signing credential's user, a token's owner). */
    public String user() {
        return user;
    }

    /**
     * A client acting as another user over the same channels (a gateway serving many users) and with the same client
     * id; closing it leaves the channels open.
     */
    public OmClient asUser(String user) {
        return new OmClient(this, userHeaders(user), user, false, "");
    }

    /**
     * A client acting as an anonymous caller over the same channels (a gateway serving unsigned S3 requests), which OM
     * lets do only what public ACLs allow; closing it leaves the channels open.
     */
    public OmClient asAnonymous() {
        Metadata headers = new Metadata();
        headers.put(ANONYMOUS_KEY, "true");
        return new OmClient(this, headers, "", true, "");
    }

    /**
     * This client, acting for a client at {@code address} (a gateway passing on its client's address, which bucket
     * policies test as {@code aws:SourceIp}) over the same channels; closing it leaves the channels open.
     */
    public OmClient forClientAt(String address) {
        Metadata withAddress = new Metadata();
        withAddress.merge(headers);
        withAddress.put(SOURCE_IP_KEY, address);
        return new OmClient(this, withAddress, user, anonymous, address);
    }

    private static Metadata userHeaders(String user) {
        Metadata headers = new Metadata();
        headers.put(USER_KEY, Objects.requireNonNull(user, "user is null"));
        return headers;
    }

    private static Optional<SigningCredentials> signer(
            Optional<UserCredential> credential, String user, boolean anonymous) {
        return credential.map(key -> new SigningCredentials(key, user, anonymous));
    }

    private static List<OzoneManagerServiceBlockingStub> stubs(
            List<ManagedChannel> channels,
            Metadata headers,
            Optional<SigningCredentials> signer,
            RequestIds requestIds) {
        ClientInterceptor interceptor = MetadataUtils.newAttachHeadersInterceptor(headers);
        return channels.stream()
                .map(channel -> {
                    OzoneManagerServiceBlockingStub stub =
                            OzoneManagerServiceGrpc.newBlockingStub(channel).withInterceptors(interceptor, requestIds);
                    return signer.map(stub::withCallCredentials).orElse(stub);
                })
                .toList();
    }

    /** Stubs whose callbacks run on the transport thread: no hand-off per response. */
    private static List<OzoneManagerServiceStub> asyncStubs(
            List<ManagedChannel> channels,
            Metadata headers,
            Optional<SigningCredentials> signer,
            RequestIds requestIds) {
        ClientInterceptor interceptor = MetadataUtils.newAttachHeadersInterceptor(headers);
        return channels.stream()
                .map(channel -> {
                    OzoneManagerServiceStub stub = OzoneManagerServiceGrpc.newStub(channel)
                            .withInterceptors(interceptor, requestIds)
                            .withExecutor(Runnable::run);
                    return signer.map(stub::withCallCredentials).orElse(stub);
                })
                .toList();
    }

    /**
     * Runs one RPC against the leader, following redirects and failing over. A write's attempts all carry the same
     * request id.
     *
     * @param operation name for messages, e.g. "CreateKey"
     * @param rpc the call on a stub; exactly one (several writes would share one request id)
     * @param errorOf the response's error field
     * @return the successful response
     * @throws OmException with the OM's status, or SCM_UNAVAILABLE-like INTERNAL_ERROR when no OM answered in time
     */
    public <R> R call(
            String operation, Function<OzoneManagerServiceBlockingStub, R> rpc, Function<R, OmError> errorOf) {
        Failover failover = new Failover(operation, addresses, failoverTimeout);
        RequestIds.Call call = requestIds.newCall();
        while (true) {
            int target = leader;
            Failover.Next next;
            try {
                R response = rpc.apply(stubs.get(target)
                        .withOption(RequestIds.CALL, call)
                        .withDeadlineAfter(RPC_DEADLINE.toMillis(), TimeUnit.MILLISECONDS));
                next = failover.onReply(target, errorOf.apply(response), leaderIndex);
                if (next == Failover.Next.DONE) {
                    return response;
                }
            } catch (StatusRuntimeException e) {
                next = failover.onTransportFailure(target, e.getStatus(), leaderIndex);
            }
            if (next == Failover.Next.RETRY_LATER) {
                LockSupport.parkNanos(failover.backoffNanos());
            }
        }
    }

    /**
     * Starts one RPC against the leader without blocking, with the same redirects and failover as {@link #call}.
     * The future completes on the gRPC transport thread: dependent stages must not block (use the {@code *Async}
     * stages with an executor for blocking work).
     *
     * @param operation name for messages, e.g. "LookupKey"
     * @param rpc starts exactly one call on an asynchronous stub
     * @param errorOf the response's error field
     * @return the successful response, or an {@link OmException} failure as {@link #call} would throw it
     */
    public <R> CompletableFuture<R> callAsync(String operation, AsyncRpc<R> rpc, Function<R, OmError> errorOf) {
        RequestIds.Call call = requestIds.newCall();
        return new AsyncCall<>(
                        new Failover(operation, addresses, failoverTimeout),
                        leaderIndex,
                        () -> leader,
                        (target, observer) -> rpc.start(
                                asyncStubs
                                        .get(target)
                                        .withOption(RequestIds.CALL, call)
                                        .withDeadlineAfter(RPC_DEADLINE.toMillis(), TimeUnit.MILLISECONDS),
                                observer),
                        errorOf)
                .start();
    }

    /**
     * LookupKey on the leader's call stream (om.proto {@code Calls}): the same answer, redirects and failover as
     * {@link #callAsync}, without the cost of a unary call. Completes on the transport thread.
     */
    public CompletableFuture<LookupKeyResponse> lookupKeyAsync(LookupKeyRequest request) {
        return streamed(
                "LookupKey",
                OmCall.newBuilder().setLookupKey(request),
                OmReply::getLookupKey,
                LookupKeyResponse::getError);
    }

    /** {@link #lookupKeyAsync}, waiting for the answer. */
    public LookupKeyResponse lookupKey(LookupKeyRequest request) {
        return join(lookupKeyAsync(request));
    }

    /**
     * Starts a write on the leader's call stream (om.proto {@code Calls}; CreateKey and CommitKey): one request id for
     * every attempt, the same answer, redirects and failover as {@link #callAsync}, without the cost of a unary call.
     * Completes on the transport thread.
     *
     * @param operation name for messages, e.g. "CreateKey"
     * @param call the call with its request set
     * @param responseOf the call's response in the reply
     * @param errorOf the response's error field
     */
    public <R> CompletableFuture<R> writeAsync(
            String operation, OmCall.Builder call, Function<OmReply, R> responseOf, Function<R, OmError> errorOf) {
        return streamed(operation, call.setRequestId(requestIds.newRequestId()), responseOf, errorOf);
    }

    /** {@link #writeAsync}, waiting for the answer. */
    public <R> R write(
            String operation, OmCall.Builder call, Function<OmReply, R> responseOf, Function<R, OmError> errorOf) {
        return join(writeAsync(operation, call, responseOf, errorOf));
    }

    private static <R> R join(CompletableFuture<R> response) {
        try {
            return response.join();
        } catch (CompletionException e) {
            if (e.getCause() instanceof RuntimeException failure) {
                throw failure;
            }
            throw e;
        }
    }

    private <R> CompletableFuture<R> streamed(
            String operation, OmCall.Builder call, Function<OmReply, R> responseOf, Function<R, OmError> errorOf) {
        call.setUser(user).setAnonymous(anonymous).setSourceIp(sourceIp);
        return new AsyncCall<>(
                        new Failover(operation, addresses, failoverTimeout),
                        leaderIndex,
                        () -> leader,
                        (target, observer) -> {
                            // Every attempt is signed anew: the OM accepts a signature once.
                            credential.ifPresent(key -> SigningCredentials.sign(key, user, anonymous, call));
                            // answer() hands every outcome to the attempt's observer.
                            var unused = callStreams
                                    .get(target)
                                    .call(call)
                                    .whenComplete((reply, failure) ->
                                            answer(operation, reply, failure, responseOf, observer));
                        },
                        errorOf)
                .start();
    }

    private static <R> void answer(
            String operation, OmReply reply, Throwable failure, Function<OmReply, R> responseOf, StreamObserver<R> to) {
        if (failure != null) {
            to.onError(failure);
        } else if (reply.getResponseCase() == OmReply.ResponseCase.ERROR
                && reply.getError().getStatus() == OmStatus.UNAUTHENTICATED) {
            to.onError(Status.UNAUTHENTICATED
                    .withDescription(reply.getError().getMessage())
                    .asRuntimeException());
        } else if (reply.getResponseCase() == OmReply.ResponseCase.ERROR) {
            to.onError(Status.INTERNAL
                    .withDescription(operation + ": " + reply.getError().getMessage())
                    .asRuntimeException());
        } else {
            to.onNext(responseOf.apply(reply));
            to.onCompleted();
        }
    }

    /** The OM addresses this client knows. */
    public List<HostAndPort> addresses() {
        return addresses;
    }

    private final class Leader implements Failover.LeaderIndex {
        @Override
        public boolean redirect(int from, String leaderAddress) {
            for (int i = 0; i < addresses.size(); i++) {
                if (i != from && addresses.get(i).toString().equals(leaderAddress)) {
                    leader = i;
                    LOG.debug("OM leader is {}", addresses.get(i));
                    return true;
                }
            }
            moveOn(from);
            return false;
        }

        @Override
        public void moveOn(int from) {
            if (leader == from) {
                leader = (from + 1) % addresses.size();
            }
        }
    }

    /**
     * Starts one call on an asynchronous stub; the observer receives its single response or its failure.
     *
     * @param <R> response type
     */
    @FunctionalInterface
    public interface AsyncRpc<R> {
        void start(OzoneManagerServiceStub stub, StreamObserver<R> observer);
    }

    @Override
    public void close() {
        if (!ownsChannels) {
            return;
        }
        callStreams.forEach(CallStreamGroup::close);
        // Every channel starts draining at once, then each is awaited in turn.
        channels.forEach(ManagedChannel::shutdown);
        channels.forEach(GrpcFactory::close);
    }
}
