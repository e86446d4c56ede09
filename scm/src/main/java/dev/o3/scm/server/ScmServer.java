package dev.o3.scm.server;

import com.google.errorprone.annotations.concurrent.GuardedBy;
import dev.o3.common.concurrent.Threads;
import dev.o3.common.config.CommonConfigKeys;
import dev.o3.common.config.HostAndPort;
import dev.o3.common.config.OzoneConfiguration;
import dev.o3.common.grpc.GrpcConfig;
import dev.o3.common.grpc.GrpcExecutor;
import dev.o3.common.grpc.GrpcFactory;
import dev.o3.common.grpc.GrpcServer;
import dev.o3.common.security.BlockTokenConfig;
import dev.o3.proto.hdds.SecretKeyProto;
import dev.o3.scm.config.ScmConfig;
import dev.o3.scm.node.DatanodeStatus;
import dev.o3.scm.pipeline.BackgroundPipelineCreator;
import dev.o3.scm.security.ContainerTokenIssuer;
import dev.o3.scm.security.SecretKeyManager;
import dev.o3.scm.topology.RackMapping;
import dev.o3.scm.wire.ScmProtoTranslator;
import dev.o3.server.http.StatusHttpServer;
import dev.o3.server.lifecycle.Daemon;
import dev.o3.server.lifecycle.DaemonLifecycle;
import dev.o3.server.security.ca.CertificateAuthority;
import dev.o3.server.security.tls.HttpsCertificate;
import dev.o3.server.security.tls.ServiceCertificate;
import dev.o3.server.security.tls.TlsSettings;
import io.grpc.ServerInterceptors;
import io.grpc.ServerServiceDefinition;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The Storage Container Manager process: opens the {@link StorageContainerManager} and serves it over three gRPC
 * services (datanode, block, admin; port 0 = ephemeral) plus a status server with {@code /prom}. A background
 * thread re-evaluates node health every {@code ozone.scm.heartbeat.thread.interval}; another creates pipelines; a third
 * advances decommission and maintenance every {@code ozone.scm.datanode.admin.monitor.interval}.
 *
 * <p>Lifecycle: construct (parses configuration only), {@link #start()}, {@link #close()} ({@link DaemonLifecycle}).
 * Thread-safe.
 */
public final class ScmServer implements Daemon {
    private static final Logger LOG = LoggerFactory.getLogger(ScmServer.class);
    private static final String NAME = "scm";

    private final ScmConfig config;
    private final Clock clock;
    private final RackMapping racks;
    private final HostAndPort datanodeAddress;
    private final HostAndPort blockAddress;
    private final HostAndPort adminAddress;
    private final GrpcConfig plainGrpc;
    private final OzoneConfiguration conf;
    private final Optional<TlsSettings> tls;
    private final Optional<List<HostAndPort>> adminOms;
    private final Optional<SecretKeyManager> secretKeys;
    private final Duration secretKeyCheck;
    private final PrometheusRegistry registry = new PrometheusRegistry();
    private final DaemonLifecycle lifecycle = new DaemonLifecycle(NAME);

    @GuardedBy("this")
    private final List<GrpcServer> grpcServers = new ArrayList<>();

    @GuardedBy("this")
    private StorageContainerManager scm;

    @GuardedBy("this")
    private StatusHttpServer http;

    /**
     * Reads SCM's configuration and topology table.
     *
     * @throws dev.o3.common.config.ConfigException for invalid settings
     */
    public ScmServer(OzoneConfiguration conf, Clock clock) {
        this.config = ScmConfig.from(conf);
        this.clock = Objects.requireNonNull(clock, "clock is null");
        this.racks = conf.find(CommonConfigKeys.TOPOLOGY_TABLE)
                .map(RackMapping::readTable)
                .orElseGet(RackMapping::flat);
        this.datanodeAddress = CommonConfigKeys.scmAddress(
                conf, CommonConfigKeys.SCM_DATANODE_ADDRESS, CommonConfigKeys.SCM_DATANODE_PORT);
        this.blockAddress =
                CommonConfigKeys.scmAddress(conf, CommonConfigKeys.SCM_BLOCK_ADDRESS, CommonConfigKeys.SCM_BLOCK_PORT);
        this.adminAddress = CommonConfigKeys.scmAddress(
                conf, CommonConfigKeys.SCM_CLIENT_ADDRESS, CommonConfigKeys.SCM_CLIENT_PORT);
        this.plainGrpc = GrpcConfig.from(conf);
        this.conf = conf;
        this.tls = TlsSettings.from(conf);
        this.secretKeyCheck = conf.get(CommonConfigKeys.SECRET_KEY_CHECK);
        this.secretKeys = BlockTokenConfig.scmManaged(conf)
                ? Optional.of(new SecretKeyManager(
                        config.dbDirectory().toAbsolutePath().resolveSibling("secret_keys.bin"),
                        clock,
                        conf.get(CommonConfigKeys.SECRET_KEY_ROTATE),
                        conf.get(CommonConfigKeys.SECRET_KEY_EXPIRY),
                        conf.get(CommonConfigKeys.SECRET_KEY_ACTIVATION)))
                : Optional.empty();
        this.adminOms = CommonConfigKeys.authenticationEnabled(conf)
                ? Optional.of(conf.get(CommonConfigKeys.OM_ADDRESS).stream()
                        .map(address -> HostAndPort.parse(address, CommonConfigKeys.OM_PORT))
                        .toList())
                : Optional.empty();
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public void start() {
        LOG.info("[{}] starting with {}", NAME, config);
        lifecycle.start(this::startComponents);
        LOG.info(
                "[{}] serving datanodes on {}, blocks on {}, admin on {}, http on {}",
                NAME,
                datanodePort(),
                blockPort(),
                adminPort(),
                httpPort());
    }

    private synchronized void startComponents(DaemonLifecycle.Components components) {
        List<BackgroundPipelineCreator> made = new ArrayList<>(1);
        StorageContainerManager created =
                components.add(new StorageContainerManager(NAME, config, clock, racks, registry, round -> {
                    BackgroundPipelineCreator background =
                            new BackgroundPipelineCreator(NAME, round, config.pipelineCreationInterval());
                    made.add(background);
                    return background;
                }));
        scm = created;
        DatanodeReports reports = new DatanodeReports();
        ScmProtoTranslator translator =
                new ScmProtoTranslator(uuid -> created.nodes().status(uuid).map(DatanodeStatus::datanode));
        GrpcConfig grpc = plainGrpc;
        List<ServerServiceDefinition> clientServices = new ArrayList<>();
        Optional<ServiceCertificate> own = Optional.empty();
        if (tls.isPresent()) {
            ScmCertificates certificates = ScmCertificates.start(config.dbDirectory(), tls.get(), clock);
            own = Optional.of(components.add(certificates.own()));
            grpc = plainGrpc.withSecurity(certificates.own().transportSecurity());
            clientServices.add(certificates.service().bindService());
        }
        ServerServiceDefinition admin = new ScmAdminGrpcService(created, translator, reports).bindService();
        ServerServiceDefinition tokens =
                new ContainerTokenGrpcService(ContainerTokenIssuer.of(conf, secretKeys, clock)).bindService();
        if (adminOms.isPresent()) {
            // Secure mode: only administrators, as OM vouches for their signatures (asked over SCM's own TLS identity).
            AdminAuthInterceptor check = components.add(new AdminAuthInterceptor(adminOms.get(), grpc));
            admin = ServerInterceptors.intercept(admin, check);
            tokens = ServerInterceptors.intercept(tokens, check);
        }
        clientServices.add(0, admin);
        clientServices.add(1, tokens);
        http = components.add(new StatusHttpServer(
                NAME,
                config.httpAddress().toSocketAddress(),
                registry,
                this::status,
                HttpsCertificate.forHttp(conf, own)));
        http.start();
        Supplier<List<SecretKeyProto>> keys = secretKeys
                .<Supplier<List<SecretKeyProto>>>map(manager -> manager::keys)
                .orElse(List::of);
        secretKeys.ifPresent(manager -> {
            manager.rotateIfDue();
            ScheduledExecutorService rotation =
                    Executors.newSingleThreadScheduledExecutor(Threads.daemonThreadsNamed(NAME + "-secret-keys"));
            components.add(rotation::shutdownNow);
            long check = secretKeyCheck.toMillis();
            var unusedRotation = rotation.scheduleWithFixedDelay(
                    () -> rotateSecretKeys(manager), check, check, TimeUnit.MILLISECONDS);
        });
        // Only services call the datanode and block ports: with TLS they must show a certificate of the cluster CA,
        // which also keeps the block-token keys these ports hand out from anyone else.
        GrpcConfig servicesOnly = grpc.withSecurity(grpc.security().requireClientCertificates());
        grpcServers.add(serve(
                components,
                datanodeAddress,
                servicesOnly,
                new ScmDatanodeGrpcService(created, translator, reports, keys).bindService()));
        grpcServers.add(serve(
                components,
                blockAddress,
                servicesOnly,
                new ScmBlockGrpcService(created, translator, keys).bindService()));
        grpcServers.add(serve(components, adminAddress, grpc, clientServices.toArray(new ServerServiceDefinition[0])));
        BackgroundPipelineCreator creator = components.add(made.get(0));
        creator.start();
        ScheduledExecutorService healthChecker =
                Executors.newSingleThreadScheduledExecutor(Threads.daemonThreadsNamed(NAME + "-health"));
        components.add(healthChecker::shutdownNow);
        long period = config.heartbeatCheckInterval().toMillis();
        // The future is kept by the executor; shutdownNow() at close cancels it.
        var unused = healthChecker.scheduleWithFixedDelay(this::checkHealth, period, period, TimeUnit.MILLISECONDS);
        ScheduledExecutorService replication =
                Executors.newSingleThreadScheduledExecutor(Threads.daemonThreadsNamed(NAME + "-replication"));
        components.add(replication::shutdownNow);
        long interval = config.replication().interval().toMillis();
        var unusedReplication =
                replication.scheduleWithFixedDelay(this::replicate, interval, interval, TimeUnit.MILLISECONDS);
        ScheduledExecutorService adminMonitor =
                Executors.newSingleThreadScheduledExecutor(Threads.daemonThreadsNamed(NAME + "-datanode-admin"));
        components.add(adminMonitor::shutdownNow);
        long adminPeriod = config.datanodeAdmin().monitorInterval().toMillis();
        var unusedAdmin = adminMonitor.scheduleWithFixedDelay(
                this::checkDatanodeAdmin, adminPeriod, adminPeriod, TimeUnit.MILLISECONDS);
    }

    /** Secure mode: the unexpired block-token keys, oldest first; none with security off or a static secret. */
    public List<SecretKeyProto> secretKeys() {
        return secretKeys.map(SecretKeyManager::keys).orElse(List.of());
    }

    private static void rotateSecretKeys(SecretKeyManager manager) {
        try {
            manager.rotateIfDue();
        } catch (RuntimeException e) {
            // Top of the rotation thread: the current key stays in use; try again next period.
            LOG.error("[{}] block-token key rotation failed", NAME, e);
        }
    }

    private void checkDatanodeAdmin() {
        StorageContainerManager current;
        synchronized (this) {
            current = scm;
        }
        try {
            if (current != null) {
                current.datanodeAdmin().run();
            }
        } catch (RuntimeException e) {
            // Top of the monitor thread: log and try again next period.
            LOG.error("[{}] datanode admin monitor failed", NAME, e);
        }
    }

    /** SCM's services block (RocksDB, locks), so each port runs on its own pool that grows as gRPC's would. */
    private static GrpcServer serve(
            DaemonLifecycle.Components components,
            HostAndPort address,
            GrpcConfig grpc,
            ServerServiceDefinition... definitions) {
        String serviceName = definitions[0].getServiceDescriptor().getName();
        serviceName = serviceName.substring(serviceName.lastIndexOf('.') + 1);
        return components
                .add(GrpcFactory.server(
                        "SCM service " + serviceName,
                        address.toSocketAddress(),
                        grpc,
                        GrpcExecutor.cachedPool(NAME + "-" + serviceName),
                        definitions))
                .start();
    }

    private void checkHealth() {
        StorageContainerManager current;
        synchronized (this) {
            current = scm;
        }
        try {
            if (current != null) {
                current.checkHealth();
            }
        } catch (RuntimeException e) {
            // Top of the health thread: log and try again next period.
            LOG.error("[{}] node health check failed", NAME, e);
        }
    }

    private void replicate() {
        StorageContainerManager current;
        synchronized (this) {
            current = scm;
        }
        try {
            if (current != null) {
                current.replication().run();
            }
        } catch (RuntimeException e) {
            // Top of the replication thread: log and try again next period.
            LOG.error("[{}] replication pass failed", NAME, e);
        }
    }

    private Map<String, Object> status() {
        StorageContainerManager current;
        synchronized (this) {
            current = scm;
        }
        Map<String, Object> status = new LinkedHashMap<>();
        status.put("state", lifecycle.state().toString());
        if (current != null) {
            status.put("safeMode", current.safeMode().inSafeMode());
            status.put("datanodes", current.nodes().registeredCount());
            status.put("pipelines", current.pipelines().pipelines().size());
            status.put("openPipelines", current.pipelines().openPipelines().size());
            status.put("containers", current.containers().containers().size());
        }
        return status;
    }

    /** The managers, for in-process tests and tools. */
    public synchronized StorageContainerManager storageContainerManager() {
        lifecycle.assertRunning();
        return scm;
    }

    /** The cluster CA's certificate file (PEM) for clients to trust, when TLS is on. */
    public Optional<Path> caCertificateFile() {
        return tls.map(
                settings -> CertificateAuthority.certificateFile(ScmCertificates.caDirectory(config.dbDirectory())));
    }

    public synchronized int datanodePort() {
        return grpcServers.get(0).port();
    }

    public synchronized int blockPort() {
        return grpcServers.get(1).port();
    }

    public synchronized int adminPort() {
        return grpcServers.get(2).port();
    }

    public synchronized int httpPort() {
        return http.port();
    }

    @Override
    public void close() {
        lifecycle.close();
    }
}
