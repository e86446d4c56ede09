package dev.o3.server.http;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsServer;
import dev.o3.common.concurrent.Threads;
import io.prometheus.metrics.expositionformats.PrometheusTextFormatWriter;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Supplier;
import javax.net.ssl.KeyManager;
import javax.net.ssl.SSLContext;
import javax.net.ssl.X509ExtendedKeyManager;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The HTTP port of a daemon: {@code /prom} (Prometheus text format of the daemon's registry), {@code /status} (JSON
 * from a supplier the daemon gives) and {@code /} (links). Built on the JDK's HTTP server: status traffic is tiny and
 * this keeps the data path's Netty event loops free of it.
 *
 * <p>Lifecycle: construct, {@link #start()}, {@link #close()}; two worker threads serve requests.
 */
public final class StatusHttpServer implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(StatusHttpServer.class);
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private final String component;
    private final HttpServer server;
    private final String scheme;
    private final ExecutorService executor;

    /**
     * Binds the server (port 0 picks an ephemeral port).
     *
     * @throws UncheckedIOException when the address cannot be bound
     */
    public StatusHttpServer(
            String component,
            InetSocketAddress bindAddress,
            PrometheusRegistry registry,
            Supplier<Map<String, Object>> status) {
        this(component, bindAddress, registry, status, Optional.empty());
    }

    /**
     * Binds the server, serving HTTPS with {@code https} when present (port 0 picks an ephemeral port).
     *
     * @throws UncheckedIOException when the address cannot be bound
     */
    public StatusHttpServer(
            String component,
            InetSocketAddress bindAddress,
            PrometheusRegistry registry,
            Supplier<Map<String, Object>> status,
            Optional<X509ExtendedKeyManager> https) {
        this.component = Objects.requireNonNull(component, "component is null");
        Objects.requireNonNull(registry, "registry is null");
        Objects.requireNonNull(status, "status is null");
        this.scheme = https.isPresent() ? "https" : "http";
        try {
            if (https.isPresent()) {
                HttpsServer secure = HttpsServer.create(bindAddress, 64);
                secure.setHttpsConfigurator(new HttpsConfigurator(sslContext(https.get())));
                this.server = secure;
            } else {
                this.server = HttpServer.create(bindAddress, 64);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot bind the " + component + " HTTP server to " + bindAddress, e);
        }
        this.executor = Executors.newFixedThreadPool(2, Threads.daemonThreadsNamed(component + "-http"));
        server.setExecutor(executor);
        PrometheusTextFormatWriter prometheus = PrometheusTextFormatWriter.create();
        server.createContext(
                "/prom",
                exchange -> respond(exchange, PrometheusTextFormatWriter.CONTENT_TYPE, out -> {
                    prometheus.write(out, registry.scrape());
                }));
        server.createContext(
                "/status",
                exchange -> respond(exchange, "application/json", out -> {
                    JSON.writeValue(out, status.get());
                }));
        server.createContext(
                "/",
                exchange -> respond(exchange, "text/html; charset=utf-8", out -> {
                    out.write(indexPage().getBytes(StandardCharsets.UTF_8));
                }));
    }

    /**
     * Serves {@code endpoint} at {@code path} (GET and POST); call before {@link #start()}. The endpoint's refusals
     * become their HTTP status with {@code {"error": message}}.
     */
    public void addJsonEndpoint(String path, JsonEndpoint endpoint) {
        Objects.requireNonNull(endpoint, "endpoint is null");
        server.createContext(path, exchange -> {
            try (exchange) {
                String method = exchange.getRequestMethod();
                if (!"GET".equals(method) && !"POST".equals(method)) {
                    exchange.sendResponseHeaders(405, -1);
                    return;
                }
                if (!exchange.getRequestURI().getPath().equals(path)) {
                    exchange.sendResponseHeaders(404, -1);
                    return;
                }
                int status = 200;
                Object answer;
                try {
                    answer = endpoint.handle(
                            method, query(exchange.getRequestURI().getRawQuery()));
                } catch (JsonEndpoint.EndpointException e) {
                    status = e.status();
                    answer = Map.of("error", String.valueOf(e.getMessage()));
                } catch (RuntimeException e) {
                    LOG.warn("[{}] request {} failed", component, exchange.getRequestURI(), e);
                    status = 500;
                    answer = Map.of("error", e.toString());
                }
                byte[] body = JSON.writeValueAsBytes(answer);
                exchange.getResponseHeaders().set("Content-Type", "application/json");
                exchange.sendResponseHeaders(status, body.length);
                try (OutputStream out = exchange.getResponseBody()) {
                    out.write(body);
                }
            }
        });
    }

    private static Map<String, String> query(String raw) {
        Map<String, String> query = new LinkedHashMap<>();
        if (raw == null || raw.isEmpty()) {
            return query;
        }
        for (String pair : raw.split("&", -1)) {
            int equals = pair.indexOf('=');
            String name = equals < 0 ? pair : pair.substring(0, equals);
            String value = equals < 0 ? "" : pair.substring(equals + 1);
            query.put(
                    URLDecoder.decode(name, StandardCharsets.UTF_8), URLDecoder.decode(value, StandardCharsets.UTF_8));
        }
        return query;
    }

    private static SSLContext sslContext(X509ExtendedKeyManager keys) {
        try {
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(new KeyManager[] {keys}, null, null);
            return context;
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("cannot set up HTTPS: " + e.getMessage(), e);
        }
    }

    public void start() {
        server.start();
        LOG.info(
                "[{}] status server on {}://{}:{}/",
                component,
                scheme,
                address().getHostString(),
                port());
    }

    public InetSocketAddress address() {
        return server.getAddress();
    }

    public int port() {
        return server.getAddress().getPort();
    }

    @Override
    public void close() {
        server.stop(0);
        executor.shutdownNow();
    }

    private String indexPage() {
        return "<!doctype html><html><head><title>O3 " + component + "</title></head><body>"
                + "<h1>O3 " + component + "</h1><ul>"
                + "<li><a href=\"/status\">/status</a> (JSON)</li>"
                + "<li><a href=\"/prom\">/prom</a> (Prometheus metrics)</li>"
                + "</ul></body></html>\n";
    }

    private void respond(HttpExchange exchange, String contentType, BodyWriter writer) throws IOException {
        try (exchange) {
            if (!"GET".equals(exchange.getRequestMethod()) && !"HEAD".equals(exchange.getRequestMethod())) {
                exchange.sendResponseHeaders(405, -1);
                return;
            }
            String path = exchange.getRequestURI().getPath();
            if (!path.equals(exchange.getHttpContext().getPath())) {
                exchange.sendResponseHeaders(404, -1);
                return;
            }
            ByteArrayOutputStream body = new ByteArrayOutputStream();
            writer.write(body);
            exchange.getResponseHeaders().set("Content-Type", contentType);
            boolean head = "HEAD".equals(exchange.getRequestMethod());
            exchange.sendResponseHeaders(200, head ? -1 : body.size());
            if (!head) {
                try (OutputStream out = exchange.getResponseBody()) {
                    body.writeTo(out);
                }
            }
        } catch (RuntimeException e) {
            LOG.warn("[{}] status request {} failed", component, exchange.getRequestURI(), e);
            throw e;
        }
    }

    @FunctionalInterface
    private interface BodyWriter {
        void write(OutputStream out) throws IOException;
    }
}
