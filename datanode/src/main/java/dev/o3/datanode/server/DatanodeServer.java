package dev.o3.datanode.server;

import dev.o3.common.config.CommonConfigKeys;
import dev.o3.common.config.HostAndPort;
import dev.o3.common.config.OzoneConfiguration;
import dev.o3.common.grpc.GrpcConfig;
import dev.o3.common.ratis.RatisClientOptions;
import dev.o3.common.security.BlockTokenConfig;
import dev.o3.common.security.BlockTokenKeys;
import dev.o3.datanode.config.ContainerConfig;
import dev.o3.datanode.config.DatanodeConfig;
import dev.o3.datanode.config.RatisServerConfig;
import dev.o3.datanode.container.ContainerSet;
import dev.o3.datanode.heartbeat.CommandHandler;
import dev.o3.datanode.heartbeat.HeartbeatService;
import dev.o3.datanode.heartbeat.ReportBuilder;
import dev.o3.datanode.metrics.DatanodeMetrics;
import dev.o3.datanode.ratis.PipelineStatus;
import dev.o3.datanode.ratis.RatisServer;
import dev.o3.datanode.read.ReadServer;
import dev.o3.datanode.replication.ReplicationService;
import dev.o3.datanode.scanner.ContainerScanner;
import dev.o3.datanode.security.BlockAccess;
import dev.o3.datanode.volume.VolumeChecker;
import dev.o3.datanode.volume.VolumeSet;
import dev.o3.proto.hdds.DatanodeDetails;
import dev.o3.server.http.StatusHttpServer;
import dev.o3.server.lifecycle.Daemon;
import dev.o3.server.lifecycle.DaemonLifecycle;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A datanode process: data volumes and containers, the Multi-Raft server, the read service, the status server, the
 * scanner and the SCM heartbeat. This class only wires and orders the components.
 *
 * <p>Lifecycle: construct (parses configuration), {@link #start()} (recovers volumes, containers and raft groups,
 * binds ports, registers with SCM), {@link #close()} (stops everything in reverse order). Thread-safe accessors.
 */
public final class DatanodeServer implements Daemon {
    private static final Logger LOG = LoggerFactory.getLogger(DatanodeServer.class);

    private final DatanodeConfig config;
    private final RatisServerConfig ratisConfig;
    private final ContainerConfig containerConfig;
    private final GrpcConfig plainGrpc;
    private final Path metadataDir;
    private final OzoneConfiguration conf;
    private final HostAndPort scmAddress;
    private final Clock clock;
    private final BlockAccess access;
    private final Optional<BlockTokenKeys> tokenKeys;
    private final boolean scmKeys;
    private final String advertisedHost;
    private final String name;
    private final String uuid;
    private final DaemonLifecycle lifecycle;
    private final DatanodeMetrics metrics = new DatanodeMetrics();

    private volatile DatanodeDetails details;
    private volatile VolumeSet volumes;
    private volatile ContainerSet containers;
    private volatile RatisServer ratis;
    private volatile ContainerScanner scanner;
    private volatile HeartbeatService heartbeat;

    public DatanodeServer(OzoneConfiguration conf) {
        this(conf, Clock.systemUTC());
    }

    public DatanodeServer(OzoneConfiguration conf, Clock clock) {
        this.config = DatanodeConfig.from(conf);
        this.ratisConfig = RatisServerConfig.from(conf);
        this.containerConfig = ContainerConfig.from(conf);
        this.plainGrpc = GrpcConfig.from(conf);
        this.conf = conf;
        this.scmAddress = CommonConfigKeys.scmAddress(
                conf, CommonConfigKeys.SCM_DATANODE_ADDRESS, CommonConfigKeys.SCM_DATANODE_PORT);
        this.clock = Objects.requireNonNull(clock, "clock is null");
        this.tokenKeys = BlockTokenConfig.keys(conf);
        this.scmKeys = BlockTokenConfig.scmManaged(conf);
        this.access = new BlockAccess(tokenKeys.map(keys -> BlockTokenConfig.signer(conf, keys, clock)));
        this.advertisedHost = config.hostname().orElseGet(DatanodeServer::localHostName);
        this.name = "dn-" + advertisedHost;
        this.metadataDir = conf.find(CommonConfigKeys.METADATA_DIRS)
                .orElse(config.dataDirs().get(0));
        this.uuid = DatanodeId.loadOrCreate(metadataDir);
        this.lifecycle = new DaemonLifecycle(name);
        LOG.info("[{}] datanode {} configured: {}, {}, {}", name, uuid, config, ratisConfig, containerConfig);
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public void start() {
        lifecycle.start(this::startComponents);
        LOG.info(
                "[{}] datanode {} started: ratis port {}, read port {}, replication port {}",
                name,
                details.getUuid(),
                details.getRatisPort(),
                details.getStandalonePort(),
                details.getReplicationPort());
    }

    private void startComponents(DaemonLifecycle.Components components) {
        DatanodeTls tls = DatanodeTls.start(conf, uuid, metadataDir, clock, advertisedHost, ipAddress(advertisedHost));
        tls.certificate().ifPresent(components::add);
        GrpcConfig grpc = tls.grpc(plainGrpc);
        StorageStack storage = StorageStack.open(name, config, containerConfig, conf, metrics, access);
        volumes = components.add(storage.volumes());
        containers = storage.containers();
        components.add(storage.cache());
        ratis = components.add(new RatisServer(
                name,
                uuid,
                config.ratisDirs(),
                ratisConfig,
                tls.ratisEndpoint(config.hostname(), config.ratisPort(), grpc),
                storage.handler(),
                metrics));
        ratis.start();
        ReadServer read = components.add(new ReadServer(
                name, bindAddress(config.standalonePort()), storage.reads(), containerConfig.readThreads(), grpc));
        read.start();
        ReplicationService replication = components.add(ReplicationService.start(
                name,
                uuid,
                tls.replicationEndpoint(bindAddress(config.replicationPort()), grpc),
                containers,
                volumes,
                conf,
                metrics.registry(),
                clock));
        metrics.registerGauges(
                ratis::groupsPerDir, ratis::logSyncPerDir, () -> DatanodeStatus.containerCounts(containers));
        metrics.exportRatis(uuid);
        storage.cache().exportMetrics(metrics.registry());
        StatusHttpServer http = components.add(new StatusHttpServer(
                name,
                config.httpAddress().toSocketAddress(),
                metrics.registry(),
                () -> DatanodeStatus.of(details, volumes, containers, ratis),
                tls.https()));
        storage.serveCacheOn(http);
        http.start();
        details = DatanodeDetails.newBuilder()
                .setUuid(uuid)
                .setHostName(advertisedHost)
                .setIpAddress(ipAddress(advertisedHost))
                .setRatisPort(ratis.port())
                .setStandalonePort(read.port())
                .setReplicationPort(replication.port())
                .setHttpPort(http.port())
                .build();

        components
                .add(new VolumeChecker(name, volumes, containerConfig.diskCheckInterval()))
                .start();
        scanner = components.add(new ContainerScanner(
                name,
                containers,
                storage.chunks(),
                containerConfig.scanInterval(),
                containerConfig.scanBandwidth().bytes(),
                clock));
        if (containerConfig.scannerEnabled()) {
            scanner.start();
        }
        heartbeat = components.add(new HeartbeatService(
                name,
                this::datanodeDetails,
                new ReportBuilder(volumes, containers, ratis, storage.cache()::status),
                new CommandHandler(
                        name, ratis, containers, RatisClientOptions.DEFAULT, grpc.security(), replication, access),
                scmAddress,
                config.heartbeatInterval(),
                grpc,
                // Secure mode: SCM's block-token keys come with every heartbeat (a static secret ignores them).
                keys -> tokenKeys.filter(known -> scmKeys).ifPresent(known -> known.update(keys))));
        heartbeat.start();
    }

    /** This datanode as SCM and clients see it, with the ports actually bound and the rack SCM assigned. */
    public DatanodeDetails datanodeDetails() {
        DatanodeDetails current = details;
        if (current == null) {
            throw new IllegalStateException(name + " has not bound its ports yet");
        }
        return current.toBuilder()
                .setNetworkLocation(heartbeat == null ? "" : heartbeat.networkLocation())
                .build();
    }

    /**
     * Heartbeats now (registering first if needed) and runs the returned commands before returning; tests and
     * {@code MiniO3Cluster} use it instead of waiting for the interval.
     *
     * @throws IllegalStateException when SCM cannot be reached
     */
    public void triggerHeartbeat() {
        lifecycle.assertRunning();
        heartbeat.heartbeatNow();
    }

    /** The pipelines this datanode is a member of, with role and Ratis log dir. */
    public List<PipelineStatus> pipelines() {
        lifecycle.assertRunning();
        return ratis.pipelines();
    }

    /** The container replicas (failed volumes' containers are absent). */
    public ContainerSet containers() {
        lifecycle.assertRunning();
        return containers;
    }

    /** The data volumes, failed ones included. */
    public VolumeSet volumes() {
        lifecycle.assertRunning();
        return volumes;
    }

    /**
     * Runs a full checksum scan of every closed container now.
     *
     * @return ids of containers found unhealthy
     */
    public List<Long> scanContainersNow() {
        lifecycle.assertRunning();
        return scanner.scanNow();
    }

    /** Checks every data volume now (failed ones leave service). */
    public void checkVolumesNow() {
        lifecycle.assertRunning();
        volumes.checkAll();
    }

    @Override
    public void close() {
        lifecycle.close();
    }

    private InetSocketAddress bindAddress(int port) {
        return config.hostname()
                .map(host -> new InetSocketAddress(host, port))
                .orElseGet(() -> new InetSocketAddress(port));
    }

    private static String localHostName() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (UnknownHostException e) {
            return "localhost";
        }
    }

    private static String ipAddress(String host) {
        try {
            return InetAddress.getByName(host).getHostAddress();
        } catch (UnknownHostException e) {
            return host;
        }
    }
}
