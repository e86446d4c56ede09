package dev.o3.s3gateway.server;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import dev.o3.common.config.OzoneConfiguration;
import dev.o3.s3gateway.backend.InMemoryS3Backend;
import dev.o3.s3gateway.config.S3GatewayConfigKeys;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.net.URI;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.presigner.S3Presigner;

/** HTTP/1.1 connection behaviour on a raw socket: keep-alive, pipelining, 100-continue, malformed requests. */
@Timeout(30)
class TestS3Connections {
    private static S3GatewayServer server;

    @BeforeAll
    static void start() {
        server = new S3GatewayServer(
                OzoneConfiguration.of(Map.of(
                        S3GatewayConfigKeys.HTTP_ADDRESS.name(), "127.0.0.1:0",
                        S3GatewayConfigKeys.WEBADMIN_HTTP_ADDRESS.name(), "127.0.0.1:0",
                        S3GatewayConfigKeys.WORKER_THREADS.name(), "4",
                        S3GatewayConfigKeys.IDLE_TIMEOUT.name(), "2s",
                        S3GatewayConfigKeys.DOMAIN_NAMES.name(), "s3.localhost")),
                new InMemoryS3Backend(Clock.systemUTC()).withCredentials("key", "secret", "carol"),
                Clock.systemUTC());
        server.start();
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    /** A response read off the socket. */
    private record Response(String statusLine, Map<String, String> headers, String body) {}

    private static Socket connect() throws IOException {
        Socket socket = new Socket(InetAddress.getLoopbackAddress(), server.port());
        socket.setSoTimeout(10_000);
        return socket;
    }

    private static void send(Socket socket, String text) throws IOException {
        OutputStream out = socket.getOutputStream();
        out.write(text.getBytes(StandardCharsets.US_ASCII));
        out.flush();
    }

    private static String readLine(InputStream in) throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        for (int b = in.read(); b != '\n'; b = in.read()) {
            if (b < 0) {
                throw new IOException("connection closed");
            }
            if (b != '\r') {
                line.write(b);
            }
        }
        return line.toString(StandardCharsets.US_ASCII);
    }

    private static Response read(InputStream in) throws IOException {
        String status = readLine(in);
        Map<String, String> headers = new java.util.HashMap<>();
        for (String line = readLine(in); !line.isEmpty(); line = readLine(in)) {
            int colon = line.indexOf(':');
            headers.put(
                    line.substring(0, colon).toLowerCase(Locale.ROOT),
                    line.substring(colon + 1).trim());
        }
        int length = Integer.parseInt(headers.getOrDefault("content-length", "0"));
        byte[] body = in.readNBytes(length);
        return new Response(status, headers, new String(body, StandardCharsets.UTF_8));
    }

    @Test
    void answersPipelinedRequestsInOrderOnOneConnection() throws IOException {
        try (Socket socket = connect()) {
            send(socket, "GET /first HTTP/1.1\r\nHost: h\r\n\r\nGET /second/key HTTP/1.1\r\nHost: h\r\n\r\n");
            InputStream in = socket.getInputStream();

            Response first = read(in);
            Response second = read(in);
            send(socket, "HEAD /third HTTP/1.1\r\nHost: h\r\n\r\n");
            Response third = read(in);

            assertThat(first.statusLine()).isEqualTo("HTTP/1.1 404 Not Found");
            assertThat(first.body()).contains("<Code>NoSuchBucket</Code>").contains("<Resource>/first</Resource>");
            assertThat(first.headers()).containsKeys("date", "x-amz-request-id");
            assertThat(second.body()).contains("<Resource>/second/key</Resource>");
            assertThat(third.statusLine()).isEqualTo("HTTP/1.1 404 Not Found");
            assertThat(third.body()).isEmpty();
        }
    }

    @Test
    void rejectsWithoutContinueAndClosesWhenTheBodyWasNotSent() throws IOException {
        try (Socket socket = connect()) {
            send(
                    socket,
                    "PUT /bucket/key HTTP/1.1\r\nHost: h\r\nContent-Length: 100000\r\nExpect: 100-continue\r\n\r\n");
            InputStream in = socket.getInputStream();

            Response response = read(in);

            assertThat(response.statusLine()).isEqualTo("HTTP/1.1 404 Not Found");
            assertThat(response.headers()).containsEntry("connection", "close");
            assertThat(in.read()).isEqualTo(-1);
        }
    }

    @Test
    void servesVirtualHostStyleRequests() throws IOException {
        URI endpoint = URI.create("http://127.0.0.1:" + server.port());
        StaticCredentialsProvider credentials =
                StaticCredentialsProvider.create(AwsBasicCredentials.create("key", "secret"));
        try (S3Client s3 = S3Client.builder()
                        .endpointOverride(endpoint)
                        .region(Region.US_EAST_1)
                        .forcePathStyle(true)
                        .credentialsProvider(credentials)
                        .build();
                S3Presigner presigner = S3Presigner.builder()
                        .endpointOverride(URI.create("http://s3.localhost:" + server.port()))
                        .region(Region.US_EAST_1)
                        .credentialsProvider(credentials)
                        .build()) {
            s3.createBucket(b -> b.bucket("virtual"));
            s3.putObject(b -> b.bucket("virtual").key("dir/v.txt"), RequestBody.fromString("vhost", UTF_8));
            URL url = presigner
                    .presignGetObject(b -> b.signatureDuration(Duration.ofMinutes(1))
                            .getObjectRequest(g -> g.bucket("virtual").key("dir/v.txt")))
                    .url();
            assertThat(url.getHost()).isEqualTo("virtual.s3.localhost");

            Response response;
            try (Socket socket = connect()) {
                send(socket, "GET " + url.getFile() + " HTTP/1.1\r\nHost: " + url.getAuthority() + "\r\n\r\n");
                response = read(socket.getInputStream());
            }

            assertThat(response.statusLine()).isEqualTo("HTTP/1.1 200 OK");
            assertThat(response.body()).isEqualTo("vhost");
        }
    }

    @Test
    void closesIdleConnections() throws IOException {
        try (Socket socket = connect()) {
            send(socket, "GET /idle HTTP/1.1\r\nHost: h\r\n\r\n");
            InputStream in = socket.getInputStream();

            assertThat(read(in).statusLine()).isEqualTo("HTTP/1.1 404 Not Found");
            assertThat(in.read()).isEqualTo(-1);
        }
    }

    @Test
    void answersMalformedRequestsWith400() throws IOException {
        try (Socket socket = connect()) {
            send(socket, "GET / HTTP/1.1\r\nHost: h\r\nContent-Length: nope\r\n\r\n");

            assertThat(read(socket.getInputStream()).statusLine()).startsWith("HTTP/1.1 400");
        }
    }
}
