package dev.o3.om.server;

import dev.o3.common.concurrent.Threads;
import dev.o3.common.config.OzoneConfiguration;
import dev.o3.common.echo.EchoService;
import dev.o3.om.apply.TransactionApplier;
import dev.o3.om.config.OmConfig;
import dev.o3.om.config.OmNode;
import dev.o3.om.db.OmStore;
import dev.o3.om.db.OmStoreHolder;
import dev.o3.om.metrics.OmMetrics;
import dev.o3.om.ratis.OmRatisConfig;
import dev.o3.om.ratis.OmRatisServer;
import dev.o3.om.rpc.OzoneManagerService;
import dev.o3.om.scm.ScmBlockClient;
import dev.o3.om.service.BackgroundServices;
import dev.o3.server.http.StatusHttpServer;
import dev.o3.server.lifecycle.Daemon;
import dev.o3.server.lifecycle.LifeCycle;
import io.grpc.Server;
import io.grpc.netty.NettyServerBuilder;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The Ozone Manager daemon: constructs, starts and stops its components. Start order: RocksDB store (with the double
 * buffer), Ratis server (state machine), SCM client, foreground handler pool and gRPC service, status HTTP server
 * ({@code /prom}), background services; {@link #close()} stops them in reverse. The first leader creates the S3
 * volume.
 *
 * <p>Peers come from {@code ozone.om.address} (one OM, or three for HA) and this OM is {@code ozone.om.node.id};
 * see {@link OmConfig}. Thread-safe lifecycle; accessors may be called from any thread once started.
 */
public final class OzoneManagerServer implements Daemon {
    private static final Logger LOG = LoggerFactory.getLogger(OzoneManagerServer.class);

    private final OmConfig config;
    private final Clock clock;
    private final String name;
    private final LifeCycle lifeCycle;
    private final OmMetrics metrics = new OmMetrics();
    private volatile OmStoreHolder stores;
    private volatile OmRatisServer ratis;
    private volatile ScmBlockClient scm;
    private volatile ExecutorService handlers;
    private volatile Server grpc;
    private volatile StatusHttpServer http;
    private volatile BackgroundServices background;

    /**
     * Reads the configuration; nothing starts until {@link #start()}.
     *
     * @throws dev.o3.common.config.ConfigException when the configuration is incomplete or inconsistent
     */
    public OzoneManagerServer(OzoneConfiguration conf, Clock clock) {
        this.config = OmConfig.from(Objects.requireNonNull(conf, "conf is null"));
        this.clock = Objects.requireNonNull(clock, "clock is null");
        this.name = config.nodeId();
        this.lifeCycle = new LifeCycle("om-" + name);
        metrics.exportRatis(name);
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public void start() {
        lifeCycle.transition(LifeCycle.State.STARTING);
        try {
            startComponents();
        } catch (RuntimeException e) {
            lifeCycle.transition(LifeCycle.State.FAILED);
            closeComponents();
            throw e;
        }
        lifeCycle.transition(LifeCycle.State.RUNNING);
        LOG.info(
                "[{}] OM started: client port {}, Ratis port {}, HTTP port {}",
                name,
                clientPort(),
                ratisPort(),
                httpPort());
    }

    private void startComponents() {
        stores = new OmStoreHolder(
                name,
                config.dbDirectory(),
                config.ratis().maxUnflushed(),
                config.ratis().flushedRowCache(),
                (transactions, rows, nanos) -> metrics.recordFlush(transactions, nanos),
                this::fatal);
        TransactionApplier applier = new TransactionApplier(
                name, stores, config.s3Volume(), config.requests().minPartSize(), metrics::recordRetryAnswered);
        ratis = new OmRatisServer(name, ratisConfig(), stores, applier, metrics::recordApply);
        ratis.start();
        scm = new ScmBlockClient(config.scmBlockAddress(), config.services().scmRequestTimeout());
        handlers = Executors.newFixedThreadPool(
                config.requests().handlerCount(), Threads.daemonThreadsNamed("om-" + name + "-handler"));
        grpc = NettyServerBuilder.forAddress(config.self().clientAddress().toSocketAddress())
                .directExecutor()
                .addService(OzoneManagerService.create(
                        ServiceWiring.dependencies(name, config, ratis, stores, scm, handlers, clock, metrics),
                        this::clientAddressOf))
                .addService(new EchoService())
                .build();
        try {
            grpc.start();
        } catch (IOException e) {
            throw new UncheckedIOException(
                    "cannot bind OM client port " + config.self().clientAddress(), e);
        }
        http = new StatusHttpServer(
                "om-" + name, config.httpAddress().toSocketAddress(), metrics.registry(), this::status);
        http.start();
        background = new BackgroundServices(name, ratis, stores, scm, clock, ServiceWiring.backgroundSettings(config));
        background.start();
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
        status.put("state", lifeCycle.state().name());
        status.put("role", ratis == null ? "UNKNOWN" : ratis.role());
        status.put("leader", ratis == null ? "" : ratis.leaderId().orElse(""));
        status.put("lastAppliedIndex", ratis == null ? -1 : ratis.lastAppliedIndex());
        return status;
    }

    /** A fault that makes acknowledged state unsafe (RocksDB flush failed): stop serving. */
    private void fatal(Throwable fault) {
        LOG.error("[{}] fatal fault, OM stops serving", name, fault);
        if (lifeCycle.compareAndTransition(LifeCycle.State.RUNNING, LifeCycle.State.FAILED) && ratis != null) {
            ratis.close();
        }
    }

    /** The bound gRPC client port. */
    public int clientPort() {
        return grpc.getPort();
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

    /** The last Raft log index this OM applied. */
    public long lastAppliedIndex() {
        return ratis.lastAppliedIndex();
    }

    /** The namespace store, for tests in this package that inspect one OM's state directly. */
    OmStore store() {
        return stores.get();
    }

    /** Log entries this OM's state machine applied since it started. */
    public long appliedTransactions() {
        return ratis.appliedTransactions();
    }

    /** Client write requests applied since start; more than the log entries when writes were group-committed. */
    public long appliedRequests() {
        return ratis.appliedRequests();
    }

    /** Retried writes this OM answered from its retry cache instead of applying them again, since start. */
    public long answeredRetries() {
        return metrics.answeredRetries();
    }

    /** RocksDB batches the double buffer committed since start. */
    public long flushCount() {
        return stores.get().doubleBuffer().flushCount();
    }

    /** The background services, e.g. to run one pass now in tests. */
    public BackgroundServices backgroundServices() {
        return background;
    }

    @Override
    public void close() {
        LifeCycle.State state = lifeCycle.state();
        if (state == LifeCycle.State.STOPPED || state == LifeCycle.State.STOPPING) {
            return;
        }
        if (state == LifeCycle.State.NEW) {
            lifeCycle.transition(LifeCycle.State.STOPPED);
            return;
        }
        lifeCycle.transition(LifeCycle.State.STOPPING);
        closeComponents();
        lifeCycle.transition(LifeCycle.State.STOPPED);
        LOG.info("[{}] OM stopped", name);
    }

    /** Stops what was started, in reverse order; each component at most once. */
    private synchronized void closeComponents() {
        if (background != null) {
            background.close();
            background = null;
        }
        if (grpc != null) {
            grpc.shutdownNow();
            awaitGrpc();
        }
        if (handlers != null) {
            handlers.shutdownNow();
            handlers = null;
        }
        if (http != null) {
            http.close();
            http = null;
        }
        if (ratis != null) {
            ratis.close();
        }
        if (scm != null) {
            scm.close();
            scm = null;
        }
        if (stores != null) {
            stores.close();
            stores = null;
        }
    }

    private void awaitGrpc() {
        try {
            grpc.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** This OM's configured node. */
    public OmNode node() {
        return config.self();
    }
}
