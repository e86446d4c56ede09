package dev.o3.test.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.o3.client.api.OzoneClient;
import dev.o3.client.api.S3Secret;
import dev.o3.minicluster.MiniO3Cluster;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.S3Exception;

/**
 * An upload while SCM has no block to give (one datanode: no three-replica pipeline can form) is answered 503
 * ServiceUnavailable once {@code ozone.s3g.block.allocation.timeout} has passed, which S3 clients retry with back-off,
 * instead of a 500 after the client's two-minute wait that outlasts their read timeouts.
 */
@Tag("integration")
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class S3WithoutPipelineIT {
    private static final String USER = System.getProperty("user.name");

    @TempDir
    Path directory;

    @Test
    void anUploadWithNoBlockToWriteIsAnsweredServiceUnavailable() {
        try (MiniO3Cluster cluster = MiniO3Cluster.builder(directory)
                .numDatanodes(1)
                .withS3Gateway()
                .conf("ozone.s3g.block.allocation.timeout", "2s")
                .build()
                .newCluster()
                .start()) {
            cluster.waitForOmLeader(Duration.ofSeconds(60));
            S3Secret secret;
            try (OzoneClient client = cluster.newClient(USER)) {
                GatewayClients.awaitS3Volume(client);
                secret = client.objectStore().getS3Secret(USER);
            }
            try (S3Client s3 = GatewayClients.withoutRetries(cluster, secret)) {
                s3.createBucket(b -> b.bucket("no-pipeline"));

                assertThatThrownBy(() -> s3.putObject(
                                b -> b.bucket("no-pipeline").key("k"), RequestBody.fromBytes(new byte[4096])))
                        .isInstanceOfSatisfying(S3Exception.class, e -> {
                            assertThat(e.statusCode()).isEqualTo(503);
                            assertThat(e.awsErrorDetails().errorCode()).isEqualTo("ServiceUnavailable");
                        });
                assertThat(s3.listObjectsV2(b -> b.bucket("no-pipeline")).contents())
                        .as("nothing half-written is listed")
                        .isEmpty();
            }
        }
    }
}
