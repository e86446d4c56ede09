package dev.o3.datanode.ratis;

import dev.o3.common.grpc.TransportSecurity;
import dev.o3.common.ratis.InMemoryRatisRegistry;
import dev.o3.common.ratis.RatisPipelines;
import dev.o3.common.ratis.RatisTls;
import dev.o3.datanode.config.RatisServerConfig;
import dev.o3.datanode.container.ContainerHandler;
import dev.o3.datanode.metrics.DatanodeMetrics;
import dev.o3.datanode.metrics.TimerTotals;
import dev.o3.proto.hdds.Pipeline;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.ratis.metrics.MetricRegistries;
import org.apache.ratis.metrics.MetricRegistryInfo;
import org.apache.ratis.protocol.ClientId;
import org.apache.ratis.protocol.GroupManagementRequest;
import org.apache.ratis.protocol.RaftClientReply;
import org.apache.ratis.protocol.RaftGroup;
import org.apache.ratis.protocol.RaftGroupId;
import org.apache.ratis.protocol.RaftPeerId;
import org.apache.ratis.server.RaftServer;
import org.apache.ratis.server.storage.RaftStorage;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The datanode's one Ratis server, hosting a Raft group per pipeline (Multi-Raft). Each group's log goes on the Ratis
 * dir with the fewest groups (Ratis' own choice when it formats a group), which spreads groups over every dir; the
 * choice is the group's directory itself, so it survives restart, when Ratis recovers every group it finds.
 *
 * <p>Thread-safe (Ratis' group management is). Lifecycle: construct, {@link #start()}, {@link #close()}.
 */
public final class RatisServer implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(RatisServer.class);
    // Names Ratis' SegmentedRaftLogMetrics registers its log worker timers under.
    private static final String LOG_WORKER_METRICS = "log_worker";
    private static final String LOG_WORKER_DESCRIPTION = "Metrics for Log Worker";
    private static final String LOG_SYNC_TIMER = "syncTime";

    private final String logPrefix;
    private final RaftPeerId peerId;
    private final List<Path> ratisDirs;
    private final Set<String> failedDirs = ConcurrentHashMap.newKeySet();
    private final ChunkWriters writers;
    private final RaftServer server;
    private final ClientId clientId = ClientId.randomId();
    private final AtomicLong callId = new AtomicLong();

    /**
     * Where the server listens and how it protects its connections.
     *
     * @param host the address to bind, else all
     * @param port the port, 0 for an ephemeral one
     * @param security the datanode's transport security; peers and clients connect with it
     */
    public record Endpoint(Optional<String> host, int port, TransportSecurity security) {}

    /**
     * Builds the server; nothing is bound yet.
     *
     * @throws UncheckedIOException when the Ratis dirs cannot be used
     */
    public RatisServer(
            String logPrefix,
            String datanodeUuid,
            List<Path> ratisDirs,
            RatisServerConfig config,
            Endpoint endpoint,
            ContainerHandler handler,
            DatanodeMetrics metrics) {
        this.logPrefix = logPrefix;
        this.peerId = RatisPipelines.peerId(datanodeUuid);
        this.ratisDirs = ratisDirs.stream().map(RatisServer::normalize).toList();
        int volumes = Math.max(1, handler.containers().volumeCount());
        this.writers = new ChunkWriters(logPrefix, config.writeChunkThreads() * volumes);
        try {
            RaftServer.Builder builder = RaftServer.newBuilder()
                    .setServerId(peerId)
                    .setProperties(RatisProperties.of(config, this.ratisDirs, endpoint.host(), endpoint.port()))
                    .setStateMachineRegistry(groupId -> new ContainerStateMachine(
                            logPrefix,
                            handler,
                            writers,
                            metrics,
                            config.inlineDataMax().bytes(),
                            this::logFailed))
                    .setOption(RaftStorage.StartupOption.RECOVER);
            // Clients write through this port too: peers show certificates, clients may not (block tokens guard them).
            RatisTls.peersAndClients(endpoint.security()).ifPresent(builder::setParameters);
            this.server = builder.build();
        } catch (IOException e) {
            writers.close();
            throw new UncheckedIOException("[" + logPrefix + "] cannot build the Ratis server", e);
        }
    }

    /**
     * Binds the port and recovers every group found in the Ratis dirs.
     *
     * @throws UncheckedIOException when the port or a group cannot be used
     */
    public void start() {
        try {
            server.start();
        } catch (IOException e) {
            throw new UncheckedIOException("[" + logPrefix + "] cannot start the Ratis server", e);
        }
        LOG.info("[{}] Ratis server on port {} with groups {}", logPrefix, port(), pipelineIds());
    }

    public int port() {
        InetSocketAddress address = server.getServerRpc().getInetSocketAddress();
        return address.getPort();
    }

    /**
     * Joins a pipeline's group (a no-op when already a member).
     *
     * @throws IOException when Ratis refuses (e.g. storage failure)
     */
    public void createPipeline(Pipeline pipeline) throws IOException {
        RaftGroup group = RatisPipelines.toRaftGroup(pipeline);
        if (hasGroup(group.getGroupId())) {
            return;
        }
        RaftClientReply reply = server.groupManagement(
                GroupManagementRequest.newAdd(clientId, peerId, callId.incrementAndGet(), group, true));
        if (!reply.isSuccess() && !hasGroup(group.getGroupId())) {
            throw new IOException("cannot add group " + group.getGroupId(), reply.getException());
        }
        LOG.info("[{}] joined pipeline {} with log on {}", logPrefix, pipeline.getId(), ratisDir(group.getGroupId()));
    }

    /**
     * Leaves a pipeline's group and deletes its log (a no-op when not a member).
     *
     * @throws IOException when Ratis refuses
     */
    public void removePipeline(String pipelineId) throws IOException {
        RaftGroupId groupId = RatisPipelines.groupId(pipelineId);
        if (!hasGroup(groupId)) {
            return;
        }
        RaftClientReply reply = server.groupManagement(
                GroupManagementRequest.newRemove(clientId, peerId, callId.incrementAndGet(), groupId, true, false));
        if (!reply.isSuccess()) {
            throw new IOException("cannot remove group " + groupId, reply.getException());
        }
        LOG.info("[{}] left pipeline {}", logPrefix, pipelineId);
    }

    /** The group of a pipeline this datanode is a member of. */
    public Optional<RaftGroup> group(String pipelineId) {
        try {
            return Optional.of(
                    server.getDivision(RatisPipelines.groupId(pipelineId)).getGroup());
        } catch (IOException | IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    /** Every pipeline of this datanode with its role and log dir. */
    public List<PipelineStatus> pipelines() {
        List<PipelineStatus> result = new ArrayList<>();
        for (RaftGroupId groupId : server.getGroupIds()) {
            try {
                RaftServer.Division division = server.getDivision(groupId);
                String dir = ratisDir(division);
                result.add(new PipelineStatus(
                        RatisPipelines.pipelineId(groupId),
                        division.getInfo().isLeader(),
                        division.getInfo().getCurrentTerm(),
                        dir,
                        failedDirs.contains(dir)));
            } catch (IOException e) {
                LOG.debug("[{}] group {} is going away", logPrefix, groupId, e);
            }
        }
        return result;
    }

    /**
     * A Raft log write failed on {@code dir} (its disk): the dir is reported failed from now on, and so is every group
     * whose log lives there, so SCM closes their pipelines and lowers this node's pipeline limit.
     */
    private void logFailed(String dir) {
        if (failedDirs.add(dir)) {
            LOG.error(
                    "[{}] Ratis dir {} failed: reported to SCM, which closes the pipelines logging there",
                    logPrefix,
                    dir);
        }
    }

    /** The Ratis dirs on which a Raft log write failed since start. */
    public Set<String> failedDirs() {
        return Set.copyOf(failedDirs);
    }

    /** Number of groups per configured Ratis dir (every dir listed, also empty ones). */
    public Map<String, Integer> groupsPerDir() {
        Map<String, Integer> counts = new LinkedHashMap<>();
        ratisDirs.forEach(dir -> counts.put(dir.toString(), 0));
        pipelines().forEach(pipeline -> counts.merge(pipeline.ratisDir(), 1, Integer::sum));
        return counts;
    }

    /** Ratis' Raft log fsync timer ({@code syncTime} of each group's log worker), summed per Ratis dir. */
    public Map<String, TimerTotals> logSyncPerDir() {
        Map<String, TimerTotals> totals = new LinkedHashMap<>();
        ratisDirs.forEach(dir -> totals.put(dir.toString(), TimerTotals.ZERO));
        for (RaftGroupId groupId : server.getGroupIds()) {
            try {
                RaftServer.Division division = server.getDivision(groupId);
                MetricRegistryInfo logWorker = new MetricRegistryInfo(
                        division.getMemberId().toString(), "ratis", LOG_WORKER_METRICS, LOG_WORKER_DESCRIPTION);
                TimerTotals sync = MetricRegistries.global()
                        .get(logWorker)
                        .filter(InMemoryRatisRegistry.class::isInstance)
                        .flatMap(registry -> ((InMemoryRatisRegistry) registry).findTimer(LOG_SYNC_TIMER))
                        .map(timer -> new TimerTotals(timer.count(), timer.totalNanos()))
                        .orElse(TimerTotals.ZERO);
                totals.merge(ratisDir(division), sync, TimerTotals::plus);
            } catch (IOException e) {
                LOG.debug("[{}] group {} is going away", logPrefix, groupId, e);
            }
        }
        return totals;
    }

    @Override
    public void close() {
        try {
            server.close();
        } catch (IOException e) {
            LOG.warn("[{}] Ratis server did not close cleanly", logPrefix, e);
        } finally {
            writers.close();
        }
    }

    private List<String> pipelineIds() {
        List<String> ids = new ArrayList<>();
        server.getGroupIds().forEach(groupId -> ids.add(RatisPipelines.pipelineId(groupId)));
        return ids;
    }

    private boolean hasGroup(RaftGroupId groupId) {
        for (RaftGroupId existing : server.getGroupIds()) {
            if (existing.equals(groupId)) {
                return true;
            }
        }
        return false;
    }

    private String ratisDir(RaftGroupId groupId) {
        try {
            return ratisDir(server.getDivision(groupId));
        } catch (IOException e) {
            return "";
        }
    }

    private static String ratisDir(RaftServer.Division division) {
        return normalize(division.getRaftStorage()
                        .getStorageDir()
                        .getRoot()
                        .toPath()
                        .getParent())
                .toString();
    }

    private static Path normalize(Path path) {
        return path.toAbsolutePath().normalize();
    }
}
