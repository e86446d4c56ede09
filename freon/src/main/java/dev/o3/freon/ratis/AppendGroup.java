package dev.o3.freon.ratis;

import dev.o3.common.concurrent.Threads;
import dev.o3.common.net.FreePorts;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import org.apache.ratis.conf.RaftProperties;
import org.apache.ratis.grpc.GrpcConfigKeys;
import org.apache.ratis.protocol.ClientId;
import org.apache.ratis.protocol.Message;
import org.apache.ratis.protocol.RaftClientAsynchronousProtocol;
import org.apache.ratis.protocol.RaftClientRequest;
import org.apache.ratis.protocol.RaftGroup;
import org.apache.ratis.protocol.RaftGroupId;
import org.apache.ratis.protocol.RaftPeer;
import org.apache.ratis.server.RaftServer;
import org.apache.ratis.server.RaftServerConfigKeys;
import org.apache.ratis.server.storage.RaftStorage;
import org.apache.ratis.thirdparty.com.google.protobuf.UnsafeByteOperations;
import org.apache.ratis.util.SizeInBytes;
import org.apache.ratis.util.TimeDuration;

/**
 * A Raft group of one or three servers in this process (loopback, fresh storage under a directory) with a
 * {@link NoOpStateMachine}, and appends submitted to its leader the way the OM submits its writes: straight into the
 * leader's division, no client RPC. What it measures is the log itself: replication, the fsync of each batch and the
 * commit, with the Raft log settings the OM uses. Replies are handed to one "client" thread, as the OM's arrive on its
 * transport thread, so a load generator that starts the next append from a reply does not run on Ratis' applier.
 * Close it to stop the servers.
 */
public final class AppendGroup implements AutoCloseable {
    private static final Duration ELECTION_TIMEOUT = Duration.ofSeconds(1);
    private static final Duration LEADER_WAIT = Duration.ofSeconds(60);

    private final List<RaftServer> servers = new ArrayList<>();
    private final RaftGroupId groupId = RaftGroupId.valueOf(UUID.randomUUID());
    private final ClientId clientId = ClientId.randomId();
    private final AtomicLong callIds = new AtomicLong();
    private final ExecutorService client =
            Executors.newSingleThreadExecutor(Threads.daemonThreadsNamed("ratis-append-client"));
    private final RaftServer leader;
    private final RaftClientAsynchronousProtocol submitter;

    private AppendGroup(int size, Path directory, Map<String, String> overrides) throws IOException {
        List<RaftPeer> peers = new ArrayList<>();
        List<Integer> ports = new ArrayList<>();
        for (int i = 0; i < size; i++) {
            ports.add(FreePorts.next());
            peers.add(RaftPeer.newBuilder()
                    .setId("s" + i)
                    .setAddress("127.0.0.1:" + ports.get(i))
                    .build());
        }
        RaftGroup group = RaftGroup.valueOf(groupId, peers);
        try {
            for (int i = 0; i < size; i++) {
                RaftPeer peer = peers.get(i);
                RaftServer server = RaftServer.newBuilder()
                        .setServerId(peer.getId())
                        .setGroup(group)
                        .setStateMachine(new NoOpStateMachine())
                        .setProperties(properties(directory.resolve(peer.getId().toString()), ports.get(i), overrides))
                        .setOption(RaftStorage.StartupOption.FORMAT)
                        .build();
                servers.add(server);
                server.start();
            }
            this.leader = awaitLeader();
        } catch (IOException | RuntimeException e) {
            close();
            throw e;
        }
        RaftServer.Division division = leader.getDivision(groupId);
        this.submitter = division instanceof RaftClientAsynchronousProtocol direct ? direct : leader;
    }

    /**
     * Starts {@code size} servers with their logs under {@code directory} and waits for a ready leader.
     *
     * @param overrides Ratis properties ({@code raft.server.log.async-flush.enabled} ...) set on top of the OM's, to
     *     try a setting before proposing it for the OM
     * @throws UncheckedIOException when a server cannot start
     */
    public static AppendGroup start(int size, Path directory, Map<String, String> overrides) {
        try {
            return new AppendGroup(size, directory, overrides);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start a Ratis group in " + directory, e);
        }
    }

    /** The log settings of the OM's Ratis server (see OmRatisServer), with auto snapshots off. */
    private static RaftProperties properties(Path storage, int port, Map<String, String> overrides) {
        RaftProperties properties = new RaftProperties();
        RaftServerConfigKeys.setStorageDir(properties, List.of(storage.toFile()));
        GrpcConfigKeys.Server.setPort(properties, port);
        long electionMillis = ELECTION_TIMEOUT.toMillis();
        RaftServerConfigKeys.Rpc.setTimeoutMin(properties, TimeDuration.valueOf(electionMillis, TimeUnit.MILLISECONDS));
        RaftServerConfigKeys.Rpc.setTimeoutMax(
                properties, TimeDuration.valueOf(2 * electionMillis, TimeUnit.MILLISECONDS));
        RaftServerConfigKeys.Log.setSegmentSizeMax(properties, SizeInBytes.valueOf("64MB"));
        RaftServerConfigKeys.Log.setPreallocatedSize(properties, SizeInBytes.valueOf("4MB"));
        overrides.forEach(properties::set);
        return properties;
    }

    /** Appends one entry carrying {@code payload}; completes once it is committed and applied. */
    public CompletableFuture<Void> append(byte[] payload) {
        RaftClientRequest request = RaftClientRequest.newBuilder()
                .setClientId(clientId)
                .setServerId(leader.getId())
                .setGroupId(groupId)
                .setCallId(callIds.incrementAndGet())
                .setMessage(Message.valueOf(UnsafeByteOperations.unsafeWrap(payload)))
                .setType(RaftClientRequest.writeRequestType())
                .build();
        try {
            return submitter
                    .submitClientRequestAsync(request)
                    .thenAcceptAsync(
                            reply -> {
                                if (!reply.isSuccess()) {
                                    throw new IllegalStateException("append failed: " + reply.getException());
                                }
                            },
                            client);
        } catch (IOException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    private RaftServer awaitLeader() throws IOException {
        long deadline = System.nanoTime() + LEADER_WAIT.toNanos();
        while (System.nanoTime() < deadline) {
            Optional<RaftServer> ready = Optional.empty();
            for (RaftServer server : servers) {
                var info = server.getDivision(groupId).getInfo();
                if (info.isLeader() && info.isLeaderReady()) {
                    ready = Optional.of(server);
                }
            }
            if (ready.isPresent()) {
                return ready.get();
            }
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(50));
        }
        throw new IOException("no ready leader within " + LEADER_WAIT);
    }

    @Override
    public void close() throws IOException {
        client.shutdownNow();
        IOException failure = null;
        for (RaftServer server : servers) {
            try {
                server.close();
            } catch (IOException e) {
                failure = failure == null ? e : failure;
            }
        }
        if (failure != null) {
            throw failure;
        }
    }
}
