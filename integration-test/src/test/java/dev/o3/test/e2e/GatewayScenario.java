package dev.o3.test.e2e;

import static dev.o3.test.e2e.ClusterSuiteIT.client;
import static dev.o3.test.e2e.ClusterSuiteIT.cluster;

import dev.o3.client.api.S3Secret;
import java.net.URI;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;

/** A scenario speaking S3 to the suite cluster's gateway as the current user: its secret, the endpoint, a work dir. */
abstract class GatewayScenario {
    @TempDir
    Path files;

    private S3Secret secret;
    private URI endpoint;

    @BeforeEach
    void credentials() {
        secret = client().objectStore().getS3Secret(System.getProperty("user.name"));
        endpoint = URI.create(
                "http://127.0.0.1:" + cluster().gateway().orElseThrow().port());
    }

    S3Secret secret() {
        return secret;
    }

    URI endpoint() {
        return endpoint;
    }
}
