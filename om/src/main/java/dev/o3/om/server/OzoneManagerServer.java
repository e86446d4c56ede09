package dev.o3.om.server;

import dev.o3.common.concurrent.Threads;
import dev.o3.common.config.OzoneConfiguration;
import dev.o3.common.echo.EchoService;
import dev.o3.common.grpc.GrpcConfig;
import dev.o3.common.grpc.GrpcExecutor;
import dev.o3.common.grpc.GrpcFactory;
import dev.o3.common.grpc.GrpcServer;
import dev.o3.om.apply.TransactionApplier;
import dev.o3.om.config.OmConfig;
import dev.o3.om.config.OmConfigKeys;
import dev.o3.om.config.OmNode;
import dev.o3.om.db.OmStore;
import dev.o3.om.db.OmStoreHolder;
import dev.o3.om.lifecycle.LifecycleService;
import dev.o3.om.metrics.OmMetrics;
import dev.o3.om.ratis.OmRatisConfig;
import dev.o3.om.ratis.OmRatisServer;
import dev.o3.om.rpc.OzoneManagerService;
import dev.o3.om.scm.ScmBlockClient;
import dev.o3.om.security.DelegationTokenConfig;
import dev.o3.om.service.BackgroundServices;
import dev.o3.server.http.StatusHttpServer;
import dev.o3.server.lifecycle.Daemon;
import dev.o3.server.lifecycle.DaemonLifecycle;
import dev.o3.server.security.tls.HttpsCertificate;
import dev.o3.server.security.tls.ServiceCertificate;
import java.nio.file.Path;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The Ozone Manager daemon: constructs, starts and stops its components. Start order: RocksDB store (with the double
 * buffer), SCM client, Ratis server (state machine), foreground handler pool and gRPC service, status HTTP server
 * ({@code /prom}), background services; {@link #close()} stops them in reverse ({@link DaemonLifecycle}). The first
 * leader creates the S3 volume. Tests observe its counters through {@link #introspection()}.
 *
 * <p>Peers come from {@code ozone.om.address} (one OM, or three for HA) and this OM is {@code ozone.om.node.id};
 * see {@link OmConfig}. Thread-safe lifecycle; accessors may be called from any thread once started.
 */
public final class OzoneManagerServer implements Daemon {
    private static final Logger LOG = LoggerFactory.getLogger(OzoneManagerServer.class);

    private final OmConfig config;
    private final OmSecurity security;
    private final Clock clock;
    private final String name;
    private final OzoneConfiguration conf;
    private final GrpcConfig plainGrpc;
    private final DaemonLifecycle lifecycle;
    private final OmMetrics metrics = new OmMetrics();
    private volatile OmStoreHolder stores;
    private volatile OmRatisServer ratis;
    private volatile GrpcServer grpc;
    private volatile StatusHttpServer http;
    private volatile BackgroundServices background;
    private volatile LifecycleService lifecycleService;
    private final LifecycleService.Settings lifecycleSettings;

    /**
     * Reads the configuration; nothing starts until {@link #start()}.
     *
     * @throws dev.o3.common.config.ConfigException when the configuration is incomplete or inconsistent
     */
    public OzoneManagerServer(OzoneConfiguration conf, Clock clock) {
        this.config = OmConfig.from(Objects.requireNonNull(conf, "conf is null"));
        this.security = OmSecurity.from(conf);
        this.clock = Objects.requireNonNull(clock, "clock is null");
        this.name = config.nodeId();
        this.conf = conf;
        this.plainGrpc = GrpcConfig.from(conf);
        this.lifecycleSettings = new LifecycleService.Settings(
                conf.get(OmConfigKeys.LIFECYCLE_INTERVAL),
                conf.get(OmConfigKeys.LIFECYCLE_DAY),
                ServiceWiring.serverUser());
        this.lifecycle = new DaemonLifecycle("om-" + name);
        metrics.exportRatis(name);
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public void start() {
        lifecycle.start(this::startComponents);
        LOG.info(
                "[{}] OM started: client port {}, Ratis port {}, HTTP port {}",
                name,
                clientPort(),
                ratisPort(),
                httpPort());
    }

    private void startComponents(DaemonLifecycle.Components components) {
        GrpcConfig grpcConfig = plainGrpc;
        Optional<ServiceCertificate> certificate = ServiceCertificate.forService(conf, certificateIdentity(), clock);
        if (certificate.isPresent()) {
            components.add(certificate.get());
            grpcConfig = plainGrpc.withSecurity(certificate.get().transportSecurity());
        }
        stores = components.add(new OmStoreHolder(
                name,
                config.dbDirectory(),
                config.ratis().maxUnflushed(),
                config.ratis().flushedRowCache(),
                config.ratis().blockCacheBytes(),
                (transactions, rows, nanos) -> metrics.recordFlush(transactions, nanos),
                this::fatal));
        TransactionApplier applier = new TransactionApplier(
                name, stores, config.s3Volume(), config.requests().minPartSize(), metrics::recordRetryAnswered);
        ScmBlockClient scm = components.add(new ScmBlockClient(
                config.scmBlockAddress(),
                config.services().scmRequestTimeout(),
                grpcConfig,
                config.services().scmBlockLeaseSize()));
        security.keyRefresher(name, scm)
                .ifPresent(refresher -> components.add(refresher).start());
        ratis = components.add(
                new OmRatisServer(name, ratisConfig(), grpcConfig.security(), stores, applier, metrics::recordApply));
        ratis.start();
        ExecutorService handlers = Executors.newFixedThreadPool(
                config.requests().handlerCount(), Threads.daemonThreadsNamed("om-" + name + "-handler"));
        components.add(handlers::shutdownNow);
        // Calls run on the transport thread; what may block goes to the handler pool (docs/internals.md).
        grpc = components.add(GrpcFactory.server(
                "om-" + name + " client port",
                config.self().clientAddress().toSocketAddress(),
                grpcConfig,
                GrpcExecutor.direct(),
                OzoneManagerService.create(
                        ServiceWiring.dependencies(config, ratis, stores, scm, handlers, clock, metrics, security),
                        this::clientAddressOf),
                new EchoService().bindService()));
        grpc.start();
        http = components.add(new StatusHttpServer(
                "om-" + name,
                config.httpAddress().toSocketAddress(),
                metrics.registry(),
                this::status,
                HttpsCertificate.forHttp(conf, certificate)));
        http.start();
        background = components.add(new BackgroundServices(
                name,
                ratis,
                stores,
                scm,
                clock,
                ServiceWiring.backgroundSettings(
                        config,
                        security.authentication().enabled() ? Optional.of(adminCredentialFile()) : Optional.empty(),
                        delegationTokens(security))));
        background.start();
        lifecycleService =
                components.add(new LifecycleService(name, ratis, stores, clock, lifecycleSettings, metrics.registry()));
        lifecycleService.start();
    }

    /** Who this OM is in its certificate: the hosts clients and peers reach it by. */
    private ServiceCertificate.Identity certificateIdentity() {
        Path db = config.dbDirectory();
        return new ServiceCertificate.Identity(
                "om",
                name,
                Set.copyOf(List.of(
                        config.self().clientAddress().host(),
                        config.self().ratisAddress().host())),
                db.resolveSibling(db.getFileName() + "-tls"));
    }

    private OmRatisConfig ratisConfig() {
        return new OmRatisConfig(
                config.nodeId(),
                config.nodes().stream()
                        .map(node -> new OmRatisConfig.Peer(node.id(), node.ratisAddress()))
                        .toList(),
                config.ratisDirectory(),
                config.ratis().electionTimeout(),
                config.ratis().requestTimeout(),
                config.ratis().snapshotThreshold(),
                config.ratis().purgeGap(),
                config.ratis().segmentSize());
    }

    private String clientAddressOf(String nodeId) {
        return config.nodes().stream()
                .filter(node -> node.id().equals(nodeId))
                .map(node -> node.clientAddress().toString())
                .findFirst()
                .orElse("");
    }

    private Map<String, Object> status() {
        Map<String, Object> status = new LinkedHashMap<>();
        status.put("nodeId", name);
        status.put("state", lifecycle.state().name());
        status.put("role", ratis == null ? "UNKNOWN" : ratis.role());
        status.put("leader", ratis == null ? "" : ratis.leaderId().orElse(""));
        status.put("lastAppliedIndex", ratis == null ? -1 : ratis.lastAppliedIndex());
        return status;
    }

    /** A fault that makes acknowledged state unsafe (RocksDB flush failed): stop serving. */
    private void fatal(Throwable fault) {
        LOG.error("[{}] fatal fault, OM stops serving", name, fault);
        if (lifecycle.markFailed() && ratis != null) {
            ratis.close();
        }
    }

    /** The bound gRPC client port. */
    public int clientPort() {
        return grpc.port();
    }

    /** The bound Ratis port. */
    public int ratisPort() {
        return ratis.port();
    }

    /** The bound status HTTP port. */
    public int httpPort() {
        return http.port();
    }

    /** Whether this OM is the ready leader. */
    public boolean isLeader() {
        return ratis != null && ratis.isLeader();
    }

    /** The namespace store, for tests in this package that inspect one OM's state directly. */
    OmStore store() {
        return stores.get();
    }

    /**
     * The counters and background services of this running OM, for tests.
     *
     * @throws IllegalStateException when the OM is not running
     */
    public OmIntrospection introspection() {
        lifecycle.assertRunning();
        return new OmIntrospection(ratis, metrics, background);
    }

    @Override
    public void close() {
        lifecycle.close();
    }

    /**
     * Where this OM writes its own user's credential in secure mode: {@code admin.credentials} beside its DB
     * directory. That user is the first administrator; its credential bootstraps everyone else's.
     */
    public java.nio.file.Path adminCredentialFile() {
        return config.dbDirectory().toAbsolutePath().resolveSibling("admin.credentials");
    }

    /** Delegation-token lifetimes when calls are authenticated (tokens are a way to authenticate). */
    private static Optional<DelegationTokenConfig> delegationTokens(OmSecurity security) {
        return security.authentication().enabled()
                ? Optional.of(security.authentication().delegation())
                : Optional.empty();
    }

    /** This OM's configured node. */
    public OmNode node() {
        return config.self();
    }
}
