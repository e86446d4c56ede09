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
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.BucketAlreadyOwnedByYouException;

/**
 * What the S3 generators share: an AWS SDK client for the gateway, signed with the calling user's S3 secret (fetched
 * from OM, as {@code ozone s3 getsecret} does), and the bucket, created if missing.
 */
abstract class S3Generator extends Generator {
    @Option(
            names = "--endpoint",
            defaultValue = "http://127.0.0.1:9878",
            description = "S3 gateway URL (default: ${DEFAULT-VALUE}).")
    private URI endpoint;

    @Override
    final Operation prepare(OzoneConfiguration conf, OzoneClient client, List<AutoCloseable> resources) {
        S3Secret secret = client.objectStore().getS3Secret(System.getProperty("user.name"));
        S3Client s3 = S3Client.builder()
                .endpointOverride(endpoint)
                .region(Region.US_EAST_1)
                .forcePathStyle(true)
                .credentialsProvider(StaticCredentialsProvider.create(
                        AwsBasicCredentials.create(secret.accessKey(), secret.secret())))
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
