package dev.o3.freon.generator;

import dev.o3.client.api.OzoneClient;
import dev.o3.client.api.S3Secret;
import dev.o3.common.config.OzoneConfiguration;
import dev.o3.freon.runner.Operation;
import java.net.URI;
import java.util.List;
import picocli.CommandLine.Option;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.http.apache5.Apache5HttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.BucketAlreadyOwnedByYouException;

/**
 * What the S3 generators share: an AWS SDK client for the gateway, signed with the calling user's S3 secret (fetched
 * from OM, as {@code ozone s3 getsecret} does, unless keys are given so the same load can run against another S3
 * store), and the bucket, created if missing.
 */
abstract class S3Generator extends Generator {
    @Option(
            names = "--endpoint",
            defaultValue = "http://127.0.0.1:9878",
            description = "S3 gateway URL (default: ${DEFAULT-VALUE}).")
    private URI endpoint;

    @Option(
            names = "--access-key",
            description = "S3 access key; with --secret-key, used instead of the user's secret from OM "
                    + "(e.g. to run the same load against another S3 store).")
    private String accessKey;

    @Option(names = "--secret-key", description = "S3 secret key that goes with --access-key.")
    private String secretKey;

    @Override
    final Operation prepare(OzoneConfiguration conf, OzoneClient client, List<AutoCloseable> resources) {
        if ((accessKey == null) != (secretKey == null)) {
            throw new IllegalArgumentException("--access-key and --secret-key go together");
        }
        AwsBasicCredentials credentials;
        if (accessKey != null) {
            credentials = AwsBasicCredentials.create(accessKey, secretKey);
        } else {
            S3Secret secret = client.objectStore().getS3Secret(System.getProperty("user.name"));
            credentials = AwsBasicCredentials.create(secret.accessKey(), secret.secret());
        }
        S3Client s3 = S3Client.builder()
                .endpointOverride(endpoint)
                .region(Region.US_EAST_1)
                .forcePathStyle(true)
                .credentialsProvider(StaticCredentialsProvider.create(credentials))
                // One connection per thread: the SDK's default pool (50) would cap the load below -t.
                .httpClientBuilder(Apache5HttpClient.builder().maxConnections(Math.max(1, threads())))
                .build();
        resources.add(s3);
        try {
            s3.createBucket(request -> request.bucket(bucketName()));
        } catch (BucketAlreadyOwnedByYouException alreadyThere) {
            // Reusing the bucket of an earlier run is the normal case for s3kr.
        }
        return operation(s3, bucketName());
    }

    abstract Operation operation(S3Client s3, String bucket);
}
