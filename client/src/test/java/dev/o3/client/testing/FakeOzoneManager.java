package dev.o3.client.testing;

import dev.o3.common.config.HostAndPort;
import dev.o3.common.grpc.GrpcConfig;
import dev.o3.common.grpc.GrpcExecutor;
import dev.o3.common.grpc.GrpcFactory;
import dev.o3.common.grpc.GrpcServer;
import dev.o3.proto.hdds.BlockId;
import dev.o3.proto.hdds.BlockLocation;
import dev.o3.proto.hdds.DatanodeDetails;
import dev.o3.proto.hdds.Pipeline;
import dev.o3.proto.om.AllocateBlockRequest;
import dev.o3.proto.om.AllocateBlockResponse;
import dev.o3.proto.om.CommitKeyRequest;
import dev.o3.proto.om.CommitKeyResponse;
import dev.o3.proto.om.CreateKeyRequest;
import dev.o3.proto.om.CreateKeyResponse;
import dev.o3.proto.om.InfoVolumeRequest;
import dev.o3.proto.om.InfoVolumeResponse;
import dev.o3.proto.om.KeyInfo;
import dev.o3.proto.om.LookupKeyRequest;
import dev.o3.proto.om.LookupKeyResponse;
import dev.o3.proto.om.OmCall;
import dev.o3.proto.om.OmError;
import dev.o3.proto.om.OmReply;
import dev.o3.proto.om.OmStatus;
import dev.o3.proto.om.OzoneManagerServiceGrpc;
import dev.o3.proto.om.VolumeInfo;
import io.grpc.Metadata;
import io.grpc.ServerInterceptors;
import io.grpc.stub.StreamObserver;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A hand-written OM for client tests on a real gRPC socket: keys in memory, blocks handed out round-robin over the
 * given pipelines (skipping excluded ones; SCM_UNAVAILABLE when none is left, as OM answers SCM's
 * NO_OPEN_PIPELINE; pipelines can close and open while a test runs), and an optional NOT_LEADER mode (InfoVolume,
 * CommitKey) that points at another OM. Records the request ids of every call it receives.
 */
public final class FakeOzoneManager extends OzoneManagerServiceGrpc.OzoneManagerServiceImplBase
        implements AutoCloseable {
    /** Replaced, never changed: calls read it without a lock. */
    private volatile List<Pipeline> pipelines;

    private final AtomicLong allocationRefusals = new AtomicLong();
    private volatile int refusalsBeforeNewPipeline;
    private volatile Pipeline nextPipeline;
    private final Map<String, KeyInfo> keys = new ConcurrentHashMap<>();
    private final Map<Long, KeyInfo> openKeys = new ConcurrentHashMap<>();
    private final AtomicLong ids = new AtomicLong(100);
    private final GrpcServer server;
    private volatile String leaderAddress;
    private volatile boolean holdStreamedReplies;
    private final CallRecorder calls = new CallRecorder();

    public FakeOzoneManager(List<Pipeline> pipelines) {
        this.pipelines = List.copyOf(pipelines);
        this.server = GrpcFactory.server(
                        "fake OM",
                        new InetSocketAddress(InetAddress.getLoopbackAddress(), 0),
                        GrpcConfig.defaults(),
                        GrpcExecutor.cachedPool("fake-om"),
                        ServerInterceptors.intercept(this, calls))
                .start();
    }

    /** A pipeline of three fake datanodes named {@code <id>-dn1..3}. */
    public static Pipeline pipeline(String id) {
        Pipeline.Builder pipeline = Pipeline.newBuilder().setId(id);
        for (int i = 1; i <= 3; i++) {
            pipeline.addMembers(
                    DatanodeDetails.newBuilder().setUuid(id + "-dn" + i).setHostName("127.0.0.1"));
        }
        return pipeline.build();
    }

    /** SCM closed the pipeline: no new block goes there. */
    public void closePipeline(String pipelineId) {
        pipelines = pipelines.stream()
                .filter(pipeline -> !pipeline.getId().equals(pipelineId))
                .toList();
    }

    /** SCM opens {@code pipeline} once it has refused {@code refusals} block allocations for want of one. */
    public void openPipelineAfterRefusals(Pipeline pipeline, int refusals) {
        refusalsBeforeNewPipeline = refusals;
        nextPipeline = pipeline;
    }

    /** AllocateBlock calls refused because every open pipeline was excluded. */
    public long allocationRefusals() {
        return allocationRefusals.get();
    }

    public HostAndPort address() {
        return new HostAndPort("127.0.0.1", server.port());
    }

    /** From now on answer NOT_LEADER naming {@code leader}. */
    public void followLeader(HostAndPort leader) {
        this.leaderAddress = leader.toString();
    }

    /** From now on leave calls on the {@code Calls} stream unanswered (an OM that hangs). */
    public void holdStreamedReplies() {
        this.holdStreamedReplies = true;
    }

    /** Every call received on a {@code Calls} stream so far, in order. */
    public List<OmCall> streamedCalls() {
        return calls.streamed();
    }

    /** The value of a gRPC metadata header (e.g. {@code o3-user}) of the last call, if it was sent. */
    /** The client address of each {@code Calls} stream opened, in order: one per connection the client used. */
    public List<SocketAddress> callStreamSources() {
        return calls.streamSources();
    }

    public Optional<String> lastHeader(String name) {
        return Optional.ofNullable(calls.lastHeaders().get(header(name)));
    }

    /** Every call received so far, in order. */
    public List<ReceivedCall> received() {
        return calls.received();
    }

    static Metadata.Key<String> header(String name) {
        return Metadata.Key.of(name, Metadata.ASCII_STRING_MARSHALLER);
    }

    /** The open (uncommitted) key of that name with its pre-allocated blocks. */
    public KeyInfo openKey(String name) {
        return openKeys.values().stream()
                .filter(key -> key.getName().equals(name))
                .findFirst()
                .orElseThrow();
    }

    public KeyInfo committed(String name) {
        return keys.get(name);
    }

    @Override
    public void infoVolume(InfoVolumeRequest request, StreamObserver<InfoVolumeResponse> observer) {
        InfoVolumeResponse.Builder response = InfoVolumeResponse.newBuilder();
        if (leaderAddress != null) {
            response.setError(notLeader());
        } else {
            response.setVolume(
                    VolumeInfo.newBuilder().setName(request.getName()).setOwner("o3"));
        }
        reply(observer, response.build());
    }

    @Override
    public void createKey(CreateKeyRequest request, StreamObserver<CreateKeyResponse> observer) {
        if (leaderAddress != null) {
            reply(observer, CreateKeyResponse.newBuilder().setError(notLeader()).build());
            return;
        }
        long clientId = ids.incrementAndGet();
        KeyInfo open = KeyInfo.newBuilder()
                .setVolume(request.getVolume())
                .setBucket(request.getBucket())
                .setName(request.getName())
                .setSize(request.getSize())
                .addBlocks(block(List.of()))
                .build();
        openKeys.put(clientId, open);
        reply(
                observer,
                CreateKeyResponse.newBuilder()
                        .setClientId(clientId)
                        .setKey(open)
                        .build());
    }

    @Override
    public void allocateBlock(AllocateBlockRequest request, StreamObserver<AllocateBlockResponse> observer) {
        List<String> excluded = request.getExclude().getPipelineIdsList();
        if (pipelines.stream().allMatch(pipeline -> excluded.contains(pipeline.getId()))) {
            long refused = allocationRefusals.incrementAndGet();
            Pipeline next = nextPipeline;
            if (next != null && refused >= refusalsBeforeNewPipeline) {
                pipelines = List.of(pipelines, List.of(next)).stream()
                        .flatMap(List::stream)
                        .toList();
                nextPipeline = null;
            }
            reply(
                    observer,
                    AllocateBlockResponse.newBuilder()
                            .setError(OmError.newBuilder()
                                    .setStatus(OmStatus.SCM_UNAVAILABLE)
                                    .setMessage("NO_OPEN_PIPELINE: no open pipeline outside the exclude list"))
                            .build());
            return;
        }
        reply(
                observer,
                AllocateBlockResponse.newBuilder().setBlock(block(excluded)).build());
    }

    @Override
    public void commitKey(CommitKeyRequest request, StreamObserver<CommitKeyResponse> observer) {
        if (leaderAddress != null) {
            reply(observer, CommitKeyResponse.newBuilder().setError(notLeader()).build());
            return;
        }
        KeyInfo open = openKeys.remove(request.getClientId());
        CommitKeyResponse.Builder response = CommitKeyResponse.newBuilder();
        if (open == null) {
            response.setError(
                    OmError.newBuilder().setStatus(OmStatus.KEY_NOT_FOUND).setMessage("no open key"));
        } else {
            keys.put(
                    request.getName(),
                    open.toBuilder()
                            .clearBlocks()
                            .addAllBlocks(request.getBlocksList())
                            .setSize(request.getSize())
                            .setEtag(request.getEtag())
                            .build());
        }
        reply(observer, response.build());
    }

    @Override
    public void lookupKey(LookupKeyRequest request, StreamObserver<LookupKeyResponse> observer) {
        reply(observer, lookup(request));
    }

    private LookupKeyResponse lookup(LookupKeyRequest request) {
        KeyInfo key = keys.get(request.getName());
        LookupKeyResponse.Builder response = LookupKeyResponse.newBuilder();
        if (key == null) {
            response.setError(OmError.newBuilder()
                    .setStatus(OmStatus.KEY_NOT_FOUND)
                    .setMessage("Key " + request.getName() + " not found"));
        } else {
            response.setKey(key);
        }
        return response.build();
    }

    /** Answers LookupKey, CreateKey and CommitKey calls as their unary forms ({@link FakeCallStream}). */
    @Override
    public StreamObserver<OmCall> calls(StreamObserver<OmReply> replies) {
        return new FakeCallStream(this, replies);
    }

    boolean holdsStreamedReplies() {
        return holdStreamedReplies;
    }

    void recordStreamed(OmCall call) {
        calls.recordStreamed(call);
    }

    /** LookupKey as the stream answers it: NOT_LEADER from a follower, as the unary form never does. */
    void lookupOrRedirect(LookupKeyRequest request, StreamObserver<LookupKeyResponse> observer) {
        if (leaderAddress != null) {
            reply(observer, LookupKeyResponse.newBuilder().setError(notLeader()).build());
        } else {
            lookupKey(request, observer);
        }
    }

    @Override
    public void close() {
        server.close();
    }

    private BlockLocation block(List<String> excluded) {
        Pipeline pipeline = pipelines.stream()
                .filter(candidate -> !excluded.contains(candidate.getId()))
                .findFirst()
                .orElseThrow(() -> new IllegalStateException("every pipeline is excluded"));
        return BlockLocation.newBuilder()
                .setBlockId(BlockId.newBuilder()
                        .setContainerId(ids.incrementAndGet())
                        .setLocalId(ids.incrementAndGet()))
                .setPipeline(pipeline)
                .build();
    }

    private OmError notLeader() {
        return OmError.newBuilder()
                .setStatus(OmStatus.NOT_LEADER)
                .setMessage("not the leader")
                .setLeaderAddress(leaderAddress)
                .build();
    }

    private static <T> void reply(StreamObserver<T> observer, T response) {
        observer.onNext(response);
        observer.onCompleted();
    }

    /**
     * A call as it arrived.
     *
     * @param method the RPC's name, e.g. "CommitKey"
     * @param clientId {@code o3-client-id}, if sent
     * @param callId {@code o3-call-id}, if sent
     */
    public record ReceivedCall(String method, Optional<String> clientId, Optional<String> callId) {}
}
