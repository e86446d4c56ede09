package dev.o3.om.ratis;

import dev.o3.common.grpc.TransportSecurity;
import dev.o3.common.ratis.RatisTls;
import dev.o3.om.apply.AppliedTransaction;
import dev.o3.om.apply.TransactionApplier;
import dev.o3.om.db.OmStoreHolder;
import dev.o3.proto.om.OmStatus;
import dev.o3.proto.om.OmTransaction;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import org.apache.ratis.protocol.RaftGroup;
import org.apache.ratis.protocol.RaftGroupId;
import org.apache.ratis.protocol.RaftPeer;
import org.apache.ratis.protocol.RaftPeerId;
import org.apache.ratis.server.DivisionInfo;
import org.apache.ratis.server.RaftConfiguration;
import org.apache.ratis.server.RaftServer;
import org.apache.ratis.server.storage.RaftStorage;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * OM's Raft group (one OM, or three for HA) and the two ways requests reach it: {@link #submit} logs a mutation and
 * completes with its applied result; {@link #readBarrier} completes once this leader has applied everything committed
 * before the read arrived, so a read served afterwards is linearizable without a log write: at once for a single OM,
 * else through Ratis ReadIndex (shortened by the leader lease), one request per batch of concurrent reads
 * ({@link ReadIndexBatcher}). Both fail with {@link NotLeaderException} on a follower. Requests enter the local
 * division directly, on the caller's thread.
 *
 * <p>Lifecycle: construct, {@link #start()}, {@link #close()}. Thread-safe.
 */
public final class OmRatisServer implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(OmRatisServer.class);
    /** One group per OM service; its id is fixed so every OM and restart agree on it. */
    private static final RaftGroupId GROUP_ID =
            RaftGroupId.valueOf(UUID.nameUUIDFromBytes("o3-om-service".getBytes(StandardCharsets.UTF_8)));

    private static final CompletableFuture<Void> READY = CompletableFuture.completedFuture(null);

    private final String logPrefix;
    private final OmRatisConfig config;
    private final OmStateMachine stateMachine;
    private final RaftServer server;
    private final ReadIndexBatcher readIndexes = new ReadIndexBatcher(this::readIndex);
    private final WriteBatcher writes;
    /** This OM's member of the group, resolved once the server has started. */
    private volatile RaftServer.Division division;

    private volatile LocalSubmitter submitter;

    private volatile SingletonCheck singleton = new SingletonCheck(null, false);

    /**
     * Builds (without starting) the Ratis server.
     *
     * @param security the OM's transport security; Ratis' channels use the same certificates
     * @param applyListener told about every applied log entry
     * @throws UncheckedIOException when the storage directory is unusable
     */
    public OmRatisServer(
            String logPrefix,
            OmRatisConfig config,
            TransportSecurity security,
            OmStoreHolder stores,
            TransactionApplier applier,
            ApplyListener applyListener) {
        this.logPrefix = logPrefix;
        this.config = config;
        this.stateMachine = new OmStateMachine(logPrefix, stores, applier, applyListener);
        List<RaftPeer> peers = config.peers().stream()
                .map(peer -> RaftPeer.newBuilder()
                        .setId(peer.id())
                        .setAddress(peer.ratisAddress().toString())
                        .build())
                .toList();
        RaftGroup group = RaftGroup.valueOf(GROUP_ID, peers);
        this.writes = new WriteBatcher(this::log, WriteBatcher.inFlightFor(peers.size()));
        boolean existing = Files.isDirectory(
                config.storageDirectory().resolve(GROUP_ID.getUuid().toString()));
        try {
            RaftServer.Builder builder = RaftServer.newBuilder()
                    .setServerId(RaftPeerId.valueOf(config.nodeId()))
                    .setGroup(group)
                    .setStateMachine(stateMachine)
                    .setProperties(OmRatisProperties.of(config))
                    .setOption(existing ? RaftStorage.StartupOption.RECOVER : RaftStorage.StartupOption.FORMAT);
            // Only OMs call the ring's port: with TLS, each side shows a certificate of the cluster CA.
            RatisTls.peersOnly(security).ifPresent(builder::setParameters);
            this.server = builder.build();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create OM Ratis server in " + config.storageDirectory(), e);
        }
    }

    /**
     * Starts the server: binds the Ratis port, recovers the log and joins the group.
     *
     * @throws UncheckedIOException when the Ratis port cannot be bound or the log cannot be recovered
     */
    public void start() {
        try {
            server.start();
            division = server.getDivision(GROUP_ID);
            submitter = new LocalSubmitter(config.nodeId(), server, GROUP_ID, this::leaderId);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start OM Ratis server " + config.nodeId(), e);
        }
        LOG.info("[{}] Ratis server {} on port {} in group {}", logPrefix, config.nodeId(), port(), config.peers());
    }

    public int port() {
        return server.getServerRpc().getInetSocketAddress().getPort();
    }

    /**
     * Logs a transaction, alone or with others queued meanwhile (group commit, {@link WriteBatcher}), and completes
     * with the result of its application. A transaction with a client's request id is applied at most once however
     * often it is logged (see {@code RetryCache}). Never blocks; the future completes on Ratis' applier thread, so
     * dependents must be quick.
     */
    public CompletableFuture<AppliedTransaction> submit(OmTransaction transaction) {
        return writes.submit(transaction);
    }

    /** Logs {@code group} in one entry, in order (a later one sees the earlier ones' writes), as {@link #submit}. */
    public CompletableFuture<List<AppliedTransaction>> submit(List<OmTransaction> group) {
        return writes.submit(group);
    }

    /** Logs one entry; completes with what applying it returned (replies of this process carry the object). */
    private CompletableFuture<Object> log(OmTransaction entry) {
        return submitter.write(new ProtoMessage<>(entry, entry::toByteArray)).thenApply(reply -> {
            if (reply.getMessage() instanceof ProtoMessage<?> message) {
                return message.value();
            }
            throw new IllegalStateException("reply without an applied transaction: " + reply.getMessage());
        });
    }

    /**
     * Completes once a read on this leader would see every write acknowledged before the call (linearizable), or
     * fails with {@link NotLeaderException}. Completes at once in the common cases; see {@link #isSingleton}.
     */
    public CompletableFuture<Void> readBarrier() {
        Optional<NotLeaderException> notLeader = checkLeader();
        if (notLeader.isPresent()) {
            return CompletableFuture.failedFuture(notLeader.get());
        }
        if (isSingleton()) {
            return READY;
        }
        return readIndexes.await();
    }

    /**
     * Whether this OM is the group's only voting member. Its ready leader reads without asking Ratis: no other leader
     * can exist, a ready leader has applied every entry of earlier terms, and writes are acknowledged only after they
     * were applied, so the applied state already holds every acknowledged write.
     */
    public boolean isSingleton() {
        RaftConfiguration conf = division.getRaftConf();
        SingletonCheck check = singleton;
        if (check.conf() != conf) {
            check = new SingletonCheck(
                    conf,
                    conf.getCurrentPeers().size() == 1
                            && conf.getPreviousPeers().isEmpty());
            singleton = check;
        }
        return check.singleton();
    }

    /** One Ratis ReadIndex read (shortened by the leader lease) for a batch of reads. */
    private CompletableFuture<?> readIndex() {
        return submitter.readIndex();
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

    /** Log entries applied since start (tests count log entries with it). */
    public long appliedTransactions() {
        return stateMachine.appliedTransactions();
    }

    /** Client requests applied since start: more than the entries when writes were group-committed. */
    public long appliedRequests() {
        return stateMachine.appliedRequests();
    }

    /** Takes a snapshot now (tests, admin); returns its log index. */
    public long takeSnapshot() throws IOException {
        return stateMachine.takeSnapshot();
    }

    private DivisionInfo info() {
        RaftServer.Division current = division;
        return current == null ? null : current.getInfo();
    }

    @Override
    public void close() {
        try {
            server.close();
        } catch (IOException e) {
            LOG.warn("[{}] closing the Ratis server failed", logPrefix, e);
        }
    }

    /** The singleton answer for one configuration object (Ratis makes a new one on every change). */
    private record SingletonCheck(RaftConfiguration conf, boolean singleton) {}
}
