package dev.o3.om.ratis;

import dev.o3.om.apply.TransactionApplier;
import dev.o3.om.db.OmStoreHolder;
import dev.o3.proto.om.OmStatus;
import dev.o3.proto.om.OmTransaction;
import dev.o3.proto.om.OmTransactionReply;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongConsumer;
import org.apache.ratis.conf.RaftProperties;
import org.apache.ratis.grpc.GrpcConfigKeys;
import org.apache.ratis.protocol.ClientId;
import org.apache.ratis.protocol.Message;
import org.apache.ratis.protocol.RaftClientReply;
import org.apache.ratis.protocol.RaftClientRequest;
import org.apache.ratis.protocol.RaftGroup;
import org.apache.ratis.protocol.RaftGroupId;
import org.apache.ratis.protocol.RaftPeer;
import org.apache.ratis.protocol.RaftPeerId;
import org.apache.ratis.protocol.exceptions.RaftException;
import org.apache.ratis.server.DivisionInfo;
import org.apache.ratis.server.RaftServer;
import org.apache.ratis.server.RaftServerConfigKeys;
import org.apache.ratis.server.storage.RaftStorage;
import org.apache.ratis.thirdparty.com.google.protobuf.ByteString;
import org.apache.ratis.util.SizeInBytes;
import org.apache.ratis.util.TimeDuration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * OM's Raft group (one OM, or three for HA) and the two ways requests reach it: {@link #submit} logs a mutation and
 * completes with its applied result; {@link #readBarrier} completes once this leader has applied everything committed
 * before the read arrived (Ratis ReadIndex, shortened by the leader lease), so a read served afterwards is
 * linearizable without a log write. Both fail with {@link NotLeaderException} on a follower.
 *
 * <p>Lifecycle: construct, {@link #start()}, {@link #close()}. Thread-safe.
 */
public final class OmRatisServer implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(OmRatisServer.class);
    /** One group per OM service; its id is fixed so every OM and restart agree on it. */
    private static final RaftGroupId GROUP_ID =
            RaftGroupId.valueOf(UUID.nameUUIDFromBytes("o3-om-service".getBytes(StandardCharsets.UTF_8)));

    private static final long PREALLOCATED_SEGMENT_BYTES = 4L << 20;

    private final String logPrefix;
    private final OmRatisConfig config;
    private final OmStateMachine stateMachine;
    private final RaftServer server;
    private final ClientId localClientId = ClientId.randomId();
    private final AtomicLong callIds = new AtomicLong();

    /**
     * Builds (without starting) the Ratis server.
     *
     * @param applyNanos told the time each transaction took to apply
     * @throws UncheckedIOException when the storage directory is unusable
     */
    public OmRatisServer(
            String logPrefix,
            OmRatisConfig config,
            OmStoreHolder stores,
            TransactionApplier applier,
            LongConsumer applyNanos) {
        this.logPrefix = logPrefix;
        this.config = config;
        this.stateMachine = new OmStateMachine(logPrefix, stores, applier, applyNanos);
        List<RaftPeer> peers = config.peers().stream()
                .map(peer -> RaftPeer.newBuilder()
                        .setId(peer.id())
                        .setAddress(peer.ratisAddress().toString())
                        .build())
                .toList();
        RaftGroup group = RaftGroup.valueOf(GROUP_ID, peers);
        boolean existing = Files.isDirectory(
                config.storageDirectory().resolve(GROUP_ID.getUuid().toString()));
        try {
            this.server = RaftServer.newBuilder()
                    .setServerId(RaftPeerId.valueOf(config.nodeId()))
                    .setGroup(group)
                    .setStateMachine(stateMachine)
                    .setProperties(properties(config))
                    .setOption(existing ? RaftStorage.StartupOption.RECOVER : RaftStorage.StartupOption.FORMAT)
                    .build();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create OM Ratis server in " + config.storageDirectory(), e);
        }
    }

    private static RaftProperties properties(OmRatisConfig config) {
        RaftProperties properties = new RaftProperties();
        RaftServerConfigKeys.setStorageDir(
                properties, List.of(config.storageDirectory().toFile()));
        GrpcConfigKeys.Server.setPort(properties, config.self().ratisAddress().port());
        long electionMillis = config.electionTimeout().toMillis();
        RaftServerConfigKeys.Rpc.setTimeoutMin(properties, TimeDuration.valueOf(electionMillis, TimeUnit.MILLISECONDS));
        RaftServerConfigKeys.Rpc.setTimeoutMax(
                properties, TimeDuration.valueOf(2 * electionMillis, TimeUnit.MILLISECONDS));
        RaftServerConfigKeys.Rpc.setRequestTimeout(
                properties, TimeDuration.valueOf(config.requestTimeout().toMillis(), TimeUnit.MILLISECONDS));
        RaftServerConfigKeys.Read.setOption(properties, RaftServerConfigKeys.Read.Option.LINEARIZABLE);
        RaftServerConfigKeys.Read.setLeaderLeaseEnabled(properties, true);
        RaftServerConfigKeys.Snapshot.setAutoTriggerEnabled(properties, true);
        RaftServerConfigKeys.Snapshot.setAutoTriggerThreshold(properties, config.snapshotThreshold());
        // A follower that misses purged entries installs the leader's checkpoint instead.
        RaftServerConfigKeys.Log.setPurgeUptoSnapshotIndex(properties, true);
        RaftServerConfigKeys.Log.setPurgeGap(properties, config.purgeGap());
        RaftServerConfigKeys.Log.setSegmentSizeMax(properties, SizeInBytes.valueOf(config.segmentSize()));
        RaftServerConfigKeys.Log.setPreallocatedSize(
                properties, SizeInBytes.valueOf(Math.min(config.segmentSize(), PREALLOCATED_SEGMENT_BYTES)));
        return properties;
    }

    /**
     * Starts the server: binds the Ratis port, recovers the log and joins the group.
     *
     * @throws UncheckedIOException when the Ratis port cannot be bound or the log cannot be recovered
     */
    public void start() {
        try {
            server.start();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start OM Ratis server " + config.nodeId(), e);
        }
        LOG.info("[{}] Ratis server {} on port {} in group {}", logPrefix, config.nodeId(), port(), config.peers());
    }

    public int port() {
        return server.getServerRpc().getInetSocketAddress().getPort();
    }

    /**
     * Logs a transaction and completes with the reply of its application.
     *
     * @param requestId (client id, call id) for Ratis' retry cache, so a retried request is applied once; empty for a
     *     fresh id
     */
    public CompletableFuture<OmTransactionReply> submit(OmTransaction transaction, Optional<RequestId> requestId) {
        ClientId clientId = requestId.map(id -> ClientId.valueOf(id.clientId())).orElse(localClientId);
        long callId = requestId.map(RequestId::callId).orElseGet(callIds::incrementAndGet);
        RaftClientRequest request = RaftClientRequest.newBuilder()
                .setClientId(clientId)
                .setServerId(server.getId())
                .setGroupId(GROUP_ID)
                .setCallId(callId)
                .setMessage(Message.valueOf(ByteString.copyFrom(transaction.toByteArray())))
                .setType(RaftClientRequest.writeRequestType())
                .build();
        return send(request).thenApply(reply -> {
            try {
                return OmTransactionReply.parseFrom(
                        reply.getMessage().getContent().toByteArray());
            } catch (com.google.protobuf.InvalidProtocolBufferException e) {
                throw new CompletionException(e);
            }
        });
    }

    /** Completes once a read on this leader would see every write committed before the call (linearizable). */
    public CompletableFuture<Void> readBarrier() {
        Optional<NotLeaderException> notLeader = checkLeader();
        if (notLeader.isPresent()) {
            return CompletableFuture.failedFuture(notLeader.get());
        }
        RaftClientRequest request = RaftClientRequest.newBuilder()
                .setClientId(localClientId)
                .setServerId(server.getId())
                .setGroupId(GROUP_ID)
                .setCallId(callIds.incrementAndGet())
                .setMessage(Message.EMPTY)
                .setType(RaftClientRequest.readRequestType())
                .build();
        return send(request).thenApply(reply -> null);
    }

    private CompletableFuture<RaftClientReply> send(RaftClientRequest request) {
        CompletableFuture<RaftClientReply> sent;
        try {
            sent = server.submitClientRequestAsync(request);
        } catch (IOException e) {
            return CompletableFuture.failedFuture(e);
        }
        return sent.thenApply(reply -> {
            if (reply.isSuccess()) {
                return reply;
            }
            throw translate(reply.getException());
        });
    }

    private RuntimeException translate(RaftException exception) {
        if (exception instanceof org.apache.ratis.protocol.exceptions.NotLeaderException notLeader) {
            Optional<String> leader = Optional.ofNullable(notLeader.getSuggestedLeader())
                    .map(peer -> peer.getId().toString());
            return new NotLeaderException(OmStatus.NOT_LEADER, leader, config.nodeId() + " is not the leader");
        }
        if (exception instanceof org.apache.ratis.protocol.exceptions.LeaderNotReadyException
                || exception instanceof org.apache.ratis.protocol.exceptions.LeaderSteppingDownException
                || exception instanceof org.apache.ratis.protocol.exceptions.ReadIndexException) {
            return new NotLeaderException(OmStatus.LEADER_NOT_READY, leaderId(), exception.getMessage());
        }
        return new CompletionException(exception);
    }

    /** Empty when this OM is the leader and ready; otherwise the exception to answer with. */
    public Optional<NotLeaderException> checkLeader() {
        DivisionInfo info = info();
        if (info == null || !info.isLeader()) {
            return Optional.of(
                    new NotLeaderException(OmStatus.NOT_LEADER, leaderId(), config.nodeId() + " is not the OM leader"));
        }
        if (!info.isLeaderReady()) {
            return Optional.of(new NotLeaderException(
                    OmStatus.LEADER_NOT_READY, leaderId(), config.nodeId() + " is leader but not ready yet"));
        }
        return Optional.empty();
    }

    public boolean isLeader() {
        DivisionInfo info = info();
        return info != null && info.isLeader() && info.isLeaderReady();
    }

    /** The current leader's node id, when known. */
    public Optional<String> leaderId() {
        DivisionInfo info = info();
        return info == null
                ? Optional.empty()
                : Optional.ofNullable(info.getLeaderId()).map(RaftPeerId::toString);
    }

    /** This OM's role: LEADER, FOLLOWER, CANDIDATE, ... */
    public String role() {
        DivisionInfo info = info();
        return info == null ? "UNKNOWN" : info.getCurrentRole().name();
    }

    public long lastAppliedIndex() {
        DivisionInfo info = info();
        return info == null ? -1 : info.getLastAppliedIndex();
    }

    /** Transactions applied since start (tests count log entries with it). */
    public long appliedTransactions() {
        return stateMachine.appliedTransactions();
    }

    /** Takes a snapshot now (tests, admin); returns its log index. */
    public long takeSnapshot() throws IOException {
        return stateMachine.takeSnapshot();
    }

    private DivisionInfo info() {
        try {
            return server.getDivision(GROUP_ID).getInfo();
        } catch (IOException e) {
            return null;
        }
    }

    @Override
    public void close() {
        try {
            server.close();
        } catch (IOException e) {
            LOG.warn("[{}] closing the Ratis server failed", logPrefix, e);
        }
    }

    /**
     * A client's id for one request, for the retry cache.
     *
     * @param clientId the client's UUID
     * @param callId the call number within that client
     */
    public record RequestId(UUID clientId, long callId) {}
}
