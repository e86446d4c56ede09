package dev.o3.server.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.prometheus.metrics.core.metrics.Counter;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TestStatusHttpServer {
    private final HttpClient http = HttpClient.newHttpClient();

    @Test
    void servesPrometheusTextStatusJsonAndIndex() throws IOException, InterruptedException {
        PrometheusRegistry registry = new PrometheusRegistry();
        Counter puts =
                Counter.builder().name("test_puts_total").help("puts served").register(registry);
        puts.inc(3);
        try (StatusHttpServer server = new StatusHttpServer(
                "test",
                new InetSocketAddress(InetAddress.getLoopbackAddress(), 0),
                registry,
                () -> Map.of("state", "RUNNING"))) {
            server.start();

            HttpResponse<String> prom = get(server, "/prom");
            assertThat(prom.statusCode()).isEqualTo(200);
            assertThat(prom.headers().firstValue("Content-Type"))
                    .hasValueSatisfying(type -> assertThat(type).startsWith("text/plain"));
            assertThat(prom.body()).contains("# TYPE test_puts_total counter").contains("test_puts_total 3.0");

            HttpResponse<String> status = get(server, "/status");
            assertThat(status.body()).contains("\"state\" : \"RUNNING\"");

            assertThat(get(server, "/").body()).contains("/prom");
            assertThat(get(server, "/prom/extra").statusCode()).isEqualTo(404);
        }
    }

    @Test
    void aJsonEndpointAnswersGetAndPostWithTheirQueryAndRefusalsWithTheirStatus()
            throws IOException, InterruptedException {
        try (StatusHttpServer server = new StatusHttpServer(
                "test",
                new InetSocketAddress(InetAddress.getLoopbackAddress(), 0),
                new PrometheusRegistry(),
                Map::of)) {
            server.addJsonEndpoint("/mode", (method, query) -> {
                if (query.containsKey("bad")) {
                    throw new JsonEndpoint.EndpointException(409, "refused: " + query.get("bad"));
                }
                return Map.of("method", method, "mode", query.getOrDefault("mode", "none"));
            });
            server.start();

            assertThat(get(server, "/mode").body()).contains("\"method\" : \"GET\"", "\"mode\" : \"none\"");
            URI post = URI.create("http://127.0.0.1:" + server.port() + "/mode?mode=shadow%20mode");
            HttpResponse<String> posted = http.send(
                    HttpRequest.newBuilder(post)
                            .POST(HttpRequest.BodyPublishers.noBody())
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(posted.body()).contains("\"method\" : \"POST\"", "\"mode\" : \"shadow mode\"");
            HttpResponse<String> refused = get(server, "/mode?bad=yes");
            assertThat(refused.statusCode()).isEqualTo(409);
            assertThat(refused.body()).contains("refused: yes");
            assertThat(get(server, "/mode/extra").statusCode()).isEqualTo(404);
        }
    }

    private HttpResponse<String> get(StatusHttpServer server, String path) throws IOException, InterruptedException {
        URI uri = URI.create("http://127.0.0.1:" + server.port() + path);
        return http.send(HttpRequest.newBuilder(uri).GET().build(), HttpResponse.BodyHandlers.ofString());
    }
}
