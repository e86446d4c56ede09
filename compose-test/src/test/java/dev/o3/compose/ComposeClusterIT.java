package dev.o3.compose;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.Timeout;
import org.testcontainers.containers.Container.ExecResult;
import org.testcontainers.junit.jupiter.Container;
import org.testcontainers.junit.jupiter.Testcontainers;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.CompletedPart;
import software.amazon.awssdk.services.s3.model.NoSuchKeyException;
import software.amazon.awssdk.services.s3.model.S3Object;

/**
 * The docker-compose demo cluster end to end: it starts with every datanode in two pipelines, refuses native calls
 * without the caller's key and serves them with it, serves the S3 smoke test (put, get, list, multipart, delete)
 * through both gateways to a user with a secret from {@code ozone s3 getsecret}, reads every key with a datanode
 * killed, and finds every key after the whole cluster stopped and started again. The steps share one cluster and run
 * in order.
 */
@Tag("integration")
@Testcontainers
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@Timeout(value = 15, unit = TimeUnit.MINUTES)
class ComposeClusterIT {
    private static final String BUCKET = "compose";
    /** A user without administrator rights, known to OM only through the S3 secret the administrator made. */
    private static final String S3_USER = "alice";
    /** Six datanodes in two pipelines each, three members a pipeline. */
    private static final int PIPELINES = 6 * 2 / 3;

    /** Writes a credential file with a made-up secret for the administrator's access key and points at it. */
    private static final String FORGED_CREDENTIAL = "printf 'access_key_id=o3\\nsecret_access_key=%s\\n' "
            + "0123456789abcdef > /tmp/forged && chmod 600 /tmp/forged && O3_CREDENTIALS=/tmp/forged";

    private static final Pattern SECRET = Pattern.compile("awsAccessKey=(\\S+)\\s+awsSecret=(\\S+)");

    /** Started before and removed after all steps by the Testcontainers extension. */
    @Container
    private static final ComposeCluster CLUSTER =
            new ComposeCluster(new File(System.getProperty("o3.compose.file", "../docker-compose.yaml")));

    private final Map<String, byte[]> written = new LinkedHashMap<>();
    private final Random random = new Random(29);
    private AwsBasicCredentials credentials;

    @BeforeAll
    void readS3Secret() {
        // As docs/deployment.md shows: the administrator (o3, whose key the compose file put in every container's
        // ~/.ozone/credentials) creates an S3 user's secret with `ozone s3 getsecret -u` inside a container.
        String secret = CLUSTER.exec("om1", "ozone", "s3", "getsecret", "-u", S3_USER);
        Matcher matcher = SECRET.matcher(secret);
        assertThat(matcher.find()).as("getsecret printed %s", secret).isTrue();
        credentials = AwsBasicCredentials.create(matcher.group(1), matcher.group(2));
    }

    @Test
    @Order(1)
    void everyDatanodeJoinsItsPipelines() {
        ComposeCluster.await(() -> openPipelines() == PIPELINES, ComposeCluster.STARTUP, PIPELINES + " open pipelines");
        String pipelines = CLUSTER.exec("scm", "ozone", "admin", "pipeline", "list");
        for (String datanode : ComposeCluster.DATANODES) {
            assertThat(pipelines).as("pipeline list").contains(datanode);
        }
    }

    @Test
    @Order(2)
    void nativeCallsNeedTheCallersKey() {
        // No credential file, whatever user the caller claims: OM refuses the unsigned call.
        ExecResult unsigned = CLUSTER.execResult(
                "om1", "env", "O3_CREDENTIALS=/tmp/no-credential", "ozone", "sh", "volume", "list", "--user", "o3");
        assertThat(unsigned.getExitCode()).as("exit code of an unsigned call").isEqualTo(1);
        assertThat(unsigned.getStderr()).contains("UNAUTHENTICATED").contains("carries no credential");

        // A key that OM did not issue.
        ExecResult forged = CLUSTER.execResult("om1", "bash", "-c", FORGED_CREDENTIAL + " ozone sh volume list");
        assertThat(forged.getExitCode()).as("exit code of a forged call").isEqualTo(1);
        assertThat(forged.getStderr()).contains("UNAUTHENTICATED");

        // The administrator's key from ~/.ozone/credentials, in another container than the OM that wrote it.
        CLUSTER.exec("s3g2", "ozone", "sh", "volume", "create", "/compose-native");
        assertThat(CLUSTER.exec("dn3", "ozone", "sh", "volume", "list")).contains("compose-native");
    }

    @Test
    @Order(3)
    void s3SmokeTestThroughBothGateways() {
        try (S3Client first = s3("s3g1");
                S3Client second = s3("s3g2")) {
            first.createBucket(request -> request.bucket(BUCKET));
            for (int i = 0; i < 5; i++) {
                put(first, "small/key-" + i, 1000 + i * 4096);
            }
            put(second, "big/one-part", 3 * 1024 * 1024);
            multipart(first, "big/multipart", List.of(5 * 1024 * 1024, 5 * 1024 * 1024, 1024 * 1024));

            List<String> listed = second.listObjectsV2Paginator(request -> request.bucket(BUCKET)).contents().stream()
                    .map(S3Object::key)
                    .toList();
            assertThat(listed).containsExactlyInAnyOrderElementsOf(written.keySet());
            assertEveryKeyReadsBack(second);

            first.deleteObject(request -> request.bucket(BUCKET).key("small/key-0"));
            written.remove("small/key-0");
            assertThat(second.listObjectsV2(request -> request.bucket(BUCKET).prefix("small/"))
                            .keyCount())
                    .isEqualTo(4);
            try {
                second.getObjectAsBytes(request -> request.bucket(BUCKET).key("small/key-0"));
                throw new AssertionError("a deleted key still reads");
            } catch (NoSuchKeyException expected) {
                assertThat(expected.statusCode()).isEqualTo(404);
            }
        }
    }

    @Test
    @Order(4)
    void readsEveryKeyWithADatanodeKilled() {
        CLUSTER.kill("dn1");
        assertThat(CLUSTER.isRunning("dn1")).isFalse();
        try (S3Client s3 = s3("s3g2")) {
            assertEveryKeyReadsBack(s3);
        }
        CLUSTER.startAndAwaitHealthy(List.of("dn1"));
    }

    @Test
    @Order(5)
    void findsEveryKeyAfterTheWholeClusterRestarts() {
        List<String> stopOrder = new ArrayList<>(ComposeCluster.GATEWAYS);
        stopOrder.addAll(ComposeCluster.DATANODES);
        stopOrder.addAll(ComposeCluster.OMS);
        stopOrder.addAll(ComposeCluster.SCM);
        CLUSTER.stop(stopOrder);
        for (String service : stopOrder) {
            assertThat(CLUSTER.isRunning(service)).as(service).isFalse();
        }

        // In the order of the compose file's health dependencies: OMs and datanodes need SCM, gateways the OMs.
        CLUSTER.startAndAwaitHealthy(ComposeCluster.SCM);
        List<String> serversOfScm = new ArrayList<>(ComposeCluster.OMS);
        serversOfScm.addAll(ComposeCluster.DATANODES);
        CLUSTER.startAndAwaitHealthy(serversOfScm);
        CLUSTER.startAndAwaitHealthy(ComposeCluster.GATEWAYS);
        try (S3Client s3 = s3("s3g1")) {
            List<String> listed = s3.listObjectsV2Paginator(request -> request.bucket(BUCKET)).contents().stream()
                    .map(S3Object::key)
                    .toList();
            assertThat(listed).containsExactlyInAnyOrderElementsOf(written.keySet());
            assertEveryKeyReadsBack(s3);
        }
    }

    private int openPipelines() {
        Matcher matcher = Pattern.compile("\"openPipelines\"\\s*:\\s*(\\d+)").matcher(CLUSTER.scmStatus());
        return matcher.find() ? Integer.parseInt(matcher.group(1)) : -1;
    }

    private void put(S3Client s3, String key, int size) {
        byte[] data = bytes(size);
        s3.putObject(request -> request.bucket(BUCKET).key(key), RequestBody.fromBytes(data));
        written.put(key, data);
    }

    private void multipart(S3Client s3, String key, List<Integer> partSizes) {
        String upload = s3.createMultipartUpload(
                        request -> request.bucket(BUCKET).key(key))
                .uploadId();
        List<CompletedPart> parts = new ArrayList<>();
        ByteArrayOutputStream whole = new ByteArrayOutputStream();
        for (int i = 0; i < partSizes.size(); i++) {
            int number = i + 1;
            byte[] data = bytes(partSizes.get(i));
            String etag = s3.uploadPart(
                            request -> request.bucket(BUCKET)
                                    .key(key)
                                    .uploadId(upload)
                                    .partNumber(number),
                            RequestBody.fromBytes(data))
                    .eTag();
            parts.add(CompletedPart.builder().partNumber(number).eTag(etag).build());
            whole.writeBytes(data);
        }
        s3.completeMultipartUpload(
                request -> request.bucket(BUCKET).key(key).uploadId(upload).multipartUpload(done -> done.parts(parts)));
        written.put(key, whole.toByteArray());
    }

    private void assertEveryKeyReadsBack(S3Client s3) {
        assertThat(written).isNotEmpty();
        written.forEach((key, data) -> assertThat(
                        s3.getObjectAsBytes(request -> request.bucket(BUCKET).key(key))
                                .asByteArray())
                .as(key)
                .isEqualTo(data));
    }

    private byte[] bytes(int size) {
        byte[] data = new byte[size];
        random.nextBytes(data);
        return data;
    }

    private S3Client s3(String gateway) {
        URI endpoint = CLUSTER.s3Endpoint(gateway);
        return S3Client.builder()
                .endpointOverride(endpoint)
                .region(Region.US_EAST_1)
                .forcePathStyle(true)
                .credentialsProvider(StaticCredentialsProvider.create(credentials))
                .overrideConfiguration(config -> config.apiCallTimeout(Duration.ofMinutes(2)))
                .build();
    }
}
