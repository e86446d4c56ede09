package dev.o3.s3gateway.server;

import dev.o3.common.concurrent.Threads;
import dev.o3.common.config.OzoneConfiguration;
import dev.o3.s3gateway.auth.CachingSecretStore;
import dev.o3.s3gateway.auth.SigV2Authenticator;
import dev.o3.s3gateway.auth.SigV4Authenticator;
import dev.o3.s3gateway.backend.S3Backend;
import dev.o3.s3gateway.backend.SecretStore;
import dev.o3.s3gateway.config.S3GatewayConfig;
import dev.o3.s3gateway.handler.S3Dispatcher;
import dev.o3.s3gateway.http.RequestParser;
import dev.o3.s3gateway.http.S3HttpServer;
import dev.o3.s3gateway.metrics.S3Metrics;
import dev.o3.server.http.StatusHttpServer;
import dev.o3.server.lifecycle.Daemon;
import dev.o3.server.lifecycle.DaemonLifecycle;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.X509ExtendedKeyManager;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The S3 gateway daemon: the Netty S3 endpoint on {@code ozone.s3g.http-address}, whose requests run on a pool of
 * worker threads against an {@link S3Backend}, plus the status server ({@code /prom}, {@code /status}) on
 * {@code ozone.s3g.webadmin.http-address}. Stateless: any number of gateways can serve the same store.
 *
 * <p>Lifecycle: construct, {@link #start()}, {@link #close()} (also allowed when never started; {@link
 * DaemonLifecycle}). Thread-safe.
 */
public final class S3GatewayServer implements Daemon {
    private static final Logger LOG = LoggerFactory.getLogger(S3GatewayServer.class);

    private final S3GatewayConfig config;
    private final DaemonLifecycle lifecycle = new DaemonLifecycle("s3g");
    private final PrometheusRegistry registry = new PrometheusRegistry();
    private final S3Dispatcher dispatcher;
    private final Optional<X509ExtendedKeyManager> https;
    private volatile S3HttpServer httpServer;
    private volatile StatusHttpServer statusServer;

    public S3GatewayServer(OzoneConfiguration conf, S3Backend backend, Clock clock) {
        this(conf, backend, clock, Optional.empty());
    }

    /** A gateway that serves HTTPS on its S3 and status ports with {@code https} when present. */
    public S3GatewayServer(
            OzoneConfiguration conf, S3Backend backend, Clock clock, Optional<X509ExtendedKeyManager> https) {
        Objects.requireNonNull(conf, "conf is null");
        this.https = Objects.requireNonNull(https, "https is null");
        Objects.requireNonNull(backend, "backend is null");
        Objects.requireNonNull(clock, "clock is null");
        this.config = S3GatewayConfig.from(conf);
        SecretStore secrets = new CachingSecretStore(backend.secrets(), config.secretCacheTtl(), clock);
        this.dispatcher = new S3Dispatcher(
                backend,
                new RequestParser(config.domainNames()),
                new SigV4Authenticator(secrets, clock, config.maxClockSkew()),
                new SigV2Authenticator(secrets, clock, config.maxClockSkew()),
                new S3Metrics(registry),
                clock,
                new S3Dispatcher.DispatcherSettings(config.region(), config.listMaxKeys()));
    }

    @Override
    public String name() {
        return "s3g";
    }

    @Override
    public void start() {
        LOG.info("starting the S3 gateway with {}", config);
        lifecycle.start(this::startComponents);
        LOG.info("S3 gateway listening on {}", httpServer.localAddress());
    }

    private void startComponents(DaemonLifecycle.Components components) {
        try {
            ExecutorService workers =
                    Executors.newFixedThreadPool(config.workerThreads(), Threads.daemonThreadsNamed("s3g-worker"));
            components.add(() -> stopWorkers(workers));
            httpServer = components.add(new S3HttpServer(
                    config.httpAddress().toSocketAddress(),
                    config.eventLoopThreads(),
                    dispatcher,
                    workers,
                    config.requestBuffer().bytes(),
                    config.idleTimeout(),
                    https));
            statusServer = components.add(new StatusHttpServer(
                    "s3g", config.webAdminAddress().toSocketAddress(), registry, this::status, https));
            statusServer.start();
        } catch (UncheckedIOException e) {
            throw e;
        } catch (RuntimeException e) {
            throw new UncheckedIOException(
                    new IOException("cannot start the S3 gateway on " + config.httpAddress(), e));
        }
    }

    /** The bound S3 port (useful with port 0). */
    public int port() {
        lifecycle.assertRunning();
        return httpServer.localAddress().getPort();
    }

    /** The bound status-server port. */
    public int statusPort() {
        lifecycle.assertRunning();
        return statusServer.port();
    }

    private Map<String, Object> status() {
        Map<String, Object> status = new LinkedHashMap<>();
        status.put("component", "s3g");
        status.put("state", lifecycle.state().name());
        S3HttpServer server = httpServer;
        status.put("address", server == null ? "" : server.localAddress().toString());
        return status;
    }

    @Override
    public void close() {
        lifecycle.close();
    }

    private static void stopWorkers(ExecutorService workers) throws InterruptedException {
        workers.shutdownNow();
        if (!workers.awaitTermination(5, TimeUnit.SECONDS)) {
            LOG.warn("S3 gateway workers did not stop within 5 s");
        }
    }
}
