package dev.o3.s3gateway.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.o3.common.config.OzoneConfiguration;
import dev.o3.s3gateway.backend.InMemoryS3Backend;
import dev.o3.s3gateway.config.S3GatewayConfigKeys;
import java.io.IOException;
import java.io.InputStream;
import java.net.HttpURLConnection;
import java.net.URI;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.S3Configuration;
import software.amazon.awssdk.services.s3.presigner.S3Presigner;

/**
 * A GetObject whose data cannot be read (every replica of a chunk failed) ends in an error the client sees: an S3
 * error before the status line went out, an aborted connection after. Read with the JDK's HttpURLConnection, which
 * the AWS SDK's UrlConnectionHttpClient uses and which takes an orderly close for the end of the body whatever
 * Content-Length said: the fault-injection campaign's S3 client got a short body that way and hashed it as the object.
 */
@Timeout(30)
class TestS3ReadFailures {
    private static final int SIZE = 1024 * 1024;

    private final InMemoryS3Backend backend =
            new InMemoryS3Backend(Clock.systemUTC()).withCredentials("key", "secret", "carol");
    private final StaticCredentialsProvider credentials =
            StaticCredentialsProvider.create(AwsBasicCredentials.create("key", "secret"));
    private S3GatewayServer server;
    private URI endpoint;
    private final byte[] data = new byte[SIZE];

    @BeforeEach
    void start() {
        server = new S3GatewayServer(
                OzoneConfiguration.of(Map.of(
                        S3GatewayConfigKeys.HTTP_ADDRESS.name(), "127.0.0.1:0",
                        S3GatewayConfigKeys.WEBADMIN_HTTP_ADDRESS.name(), "127.0.0.1:0")),
                backend,
                Clock.systemUTC());
        server.start();
        endpoint = URI.create("http://127.0.0.1:" + server.port());
        new Random(7).nextBytes(data);
        try (S3Client s3 = S3Client.builder()
                .endpointOverride(endpoint)
                .region(Region.US_EAST_1)
                .forcePathStyle(true)
                .credentialsProvider(credentials)
                .build()) {
            s3.createBucket(b -> b.bucket("reads"));
            s3.putObject(b -> b.bucket("reads").key("object"), RequestBody.fromBytes(data));
        }
    }

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void aHealthyReadReturnsTheWholeObject() throws IOException {
        HttpURLConnection get = get();

        assertThat(get.getResponseCode()).isEqualTo(200);
        try (InputStream in = get.getInputStream()) {
            assertThat(in.readAllBytes()).isEqualTo(data);
        }
    }

    @Test
    void aReadFailingAfterTheBodyStartedAbortsTheConnectionInsteadOfEndingTheBody() throws IOException {
        backend.failReadsAfter(300_000);
        HttpURLConnection get = get();

        assertThat(get.getResponseCode()).isEqualTo(200);
        try (InputStream in = get.getInputStream()) {
            assertThatThrownBy(in::readAllBytes)
                    .as("a short body must not look complete")
                    .isInstanceOf(IOException.class);
        }
    }

    @Test
    void aReadFailingBeforeTheFirstByteIsAnsweredWithInternalError() throws IOException {
        backend.failReadsAfter(0);
        HttpURLConnection get = get();

        assertThat(get.getResponseCode()).isEqualTo(500);
        try (InputStream error = get.getErrorStream()) {
            assertThat(new String(error.readAllBytes(), StandardCharsets.UTF_8)).contains("<Code>InternalError</Code>");
        }
        backend.failReadsAfter(-1);
        assertThat(get().getResponseCode())
                .as("the connection is fine for the next request")
                .isEqualTo(200);
    }

    private HttpURLConnection get() throws IOException {
        try (S3Presigner presigner = S3Presigner.builder()
                .endpointOverride(endpoint)
                .region(Region.US_EAST_1)
                .credentialsProvider(credentials)
                .serviceConfiguration(
                        S3Configuration.builder().pathStyleAccessEnabled(true).build())
                .build()) {
            URL url = presigner
                    .presignGetObject(b -> b.signatureDuration(Duration.ofMinutes(1))
                            .getObjectRequest(g -> g.bucket("reads").key("object")))
                    .url();
            return (HttpURLConnection) url.openConnection();
        }
    }
}
