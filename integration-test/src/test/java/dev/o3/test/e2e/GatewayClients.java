package dev.o3.test.e2e;

import dev.o3.client.api.OzoneClient;
import dev.o3.client.api.S3Secret;
import dev.o3.client.om.OmException;
import dev.o3.minicluster.MiniO3Cluster;
import dev.o3.proto.om.OmStatus;
import java.net.URI;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.awscore.retry.AwsRetryStrategy;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.s3.S3Client;

/** S3 access to a test's own cluster with a gateway, for tests that check the gateway's first answer. */
final class GatewayClients {
    private GatewayClients() {}

    /** Waits for the S3 volume, which OM's leader creates in the background once it leads; buckets need it. */
    static void awaitS3Volume(OzoneClient client) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (true) {
            try {
                client.objectStore().getVolume("s3v");
                return;
            } catch (OmException e) {
                if (e.status() != OmStatus.VOLUME_NOT_FOUND || System.nanoTime() - deadline > 0) {
                    throw e;
                }
                LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(100));
            }
        }
    }

    /** An SDK client of the cluster's gateway that does not retry, so a test sees the gateway's first answer. */
    static S3Client withoutRetries(MiniO3Cluster cluster, S3Secret secret) {
        return S3Client.builder()
                .endpointOverride(URI.create(
                        "http://127.0.0.1:" + cluster.gateway().orElseThrow().port()))
                .region(Region.US_EAST_1)
                .forcePathStyle(true)
                .credentialsProvider(StaticCredentialsProvider.create(
                        AwsBasicCredentials.create(secret.accessKey(), secret.secret())))
                .overrideConfiguration(c -> c.retryStrategy(AwsRetryStrategy.doNotRetry()))
                .build();
    }
}
