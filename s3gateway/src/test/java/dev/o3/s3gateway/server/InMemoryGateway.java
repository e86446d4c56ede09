package dev.o3.s3gateway.server;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.o3.common.config.OzoneConfiguration;
import dev.o3.s3gateway.backend.InMemoryS3Backend;
import dev.o3.s3gateway.config.S3GatewayConfigKeys;
import java.net.URI;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.S3Exception;

/** A gateway over the in-memory backend on loopback, with users alice and bob, for tests that drive it with the SDK. */
final class InMemoryGateway implements AutoCloseable {
    static final String ACCESS_KEY = "alice-key";
    static final String SECRET = "alice-secret";

    private final S3GatewayServer server;
    private final URI endpoint;

    InMemoryGateway() {
        InMemoryS3Backend backend = new InMemoryS3Backend(Clock.systemUTC())
                .withCredentials(ACCESS_KEY, SECRET, "alice")
                .withCredentials("bob-key", "bob-secret", "bob");
        OzoneConfiguration conf = OzoneConfiguration.of(Map.of(
                S3GatewayConfigKeys.HTTP_ADDRESS.name(), "127.0.0.1:0",
                S3GatewayConfigKeys.WEBADMIN_HTTP_ADDRESS.name(), "127.0.0.1:0",
                S3GatewayConfigKeys.WORKER_THREADS.name(), "8",
                S3GatewayConfigKeys.EVENT_LOOP_THREADS.name(), "2"));
        server = new S3GatewayServer(conf, backend, Clock.systemUTC());
        server.start();
        endpoint = URI.create("http://127.0.0.1:" + server.port());
    }

    URI endpoint() {
        return endpoint;
    }

    int statusPort() {
        return server.statusPort();
    }

    /** A path-style SDK client signing as the given user. */
    S3Client client(String accessKey, String secret) {
        return S3Client.builder()
                .endpointOverride(endpoint)
                .region(Region.US_EAST_1)
                .forcePathStyle(true)
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create(accessKey, secret)))
                .build();
    }

    /** The S3 error the call must fail with. */
    static S3Exception s3Error(ThrowingCallable call) {
        List<S3Exception> caught = new ArrayList<>();
        assertThatThrownBy(call).isInstanceOfSatisfying(S3Exception.class, caught::add);
        return caught.get(0);
    }

    @Override
    public void close() {
        server.close();
    }
}
