package dev.o3.test.e2e;

import static dev.o3.test.e2e.ClusterSuiteIT.client;
import static dev.o3.test.e2e.ClusterSuiteIT.cluster;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.o3.client.api.S3Secret;
import dev.o3.client.io.KeyInputStream;
import dev.o3.client.io.ReplicaOrder;
import dev.o3.proto.hdds.BlockLocation;
import dev.o3.proto.hdds.DatanodeDetails;
import java.io.IOException;
import java.io.InputStream;
import java.net.HttpURLConnection;
import java.net.URI;
import java.net.URL;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.S3Configuration;
import software.amazon.awssdk.services.s3.presigner.S3Presigner;

/**
 * GetObject through the gateway while a replica is corrupt or the object is overwritten: every answer is exactly the
 * bytes of a committed version, or an error the client sees, never a body that ends cleanly but short or wrong. The
 * raw reads use the JDK's HttpURLConnection (what the AWS SDK's UrlConnectionHttpClient uses), which checks neither
 * checksums nor the body's length against Content-Length: what the gateway sends is what the test sees.
 */
abstract class S3ReadFaultScenario {
    private static final int MIB = 1024 * 1024;
    private static final String BUCKET = "s3-read-faults";
    /** In the middle of a block's first chunk, so that chunk fails after the status line went out. */
    private static final long CORRUPT_AT = MIB + 7;

    private StaticCredentialsProvider credentials;
    private URI endpoint;
    private S3Client s3;
    private S3Presigner presigner;

    @BeforeEach
    void connect() {
        S3Secret secret = client().objectStore().getS3Secret(System.getProperty("user.name"));
        credentials = StaticCredentialsProvider.create(AwsBasicCredentials.create(secret.accessKey(), secret.secret()));
        endpoint = URI.create(
                "http://127.0.0.1:" + cluster().gateway().orElseThrow().port());
        s3 = S3Client.builder()
                .endpointOverride(endpoint)
                .region(Region.US_EAST_1)
                .forcePathStyle(true)
                .credentialsProvider(credentials)
                .build();
        presigner = S3Presigner.builder()
                .endpointOverride(endpoint)
                .region(Region.US_EAST_1)
                .credentialsProvider(credentials)
                .serviceConfiguration(
                        S3Configuration.builder().pathStyleAccessEnabled(true).build())
                .build();
        if (s3.listBuckets().buckets().stream().noneMatch(b -> b.name().equals(BUCKET))) {
            s3.createBucket(b -> b.bucket(BUCKET));
        }
    }

    @AfterEach
    void close() {
        s3.close();
        presigner.close();
    }

    @Test
    void getsReadAroundACorruptReplicaInTheMiddleOfTheObject() throws IOException {
        byte[] data = Keys.random(10 * MIB + 5);
        s3.putObject(b -> b.bucket(BUCKET).key("corrupt-mid"), RequestBody.fromBytes(data));
        BlockLocation second = blocks("corrupt-mid").get(1);
        List<Path> corrupt = List.of(blockFile(ReplicaOrder.readOrder(second).get(0), second));
        flip(corrupt);
        try {
            assertThat(get("corrupt-mid", null)).isEqualTo(data);
            assertThat(s3.getObjectAsBytes(b -> b.bucket(BUCKET).key("corrupt-mid"))
                            .asByteArray())
                    .isEqualTo(data);
            int blockSize = ClusterSuiteIT.BLOCK_SIZE;
            assertThat(get("corrupt-mid", "bytes=" + 3 * MIB + "-" + (9 * MIB - 1)))
                    .isEqualTo(Arrays.copyOfRange(data, 3 * MIB, 9 * MIB));
            long inCorrupt = blockSize + CORRUPT_AT - 3;
            assertThat(get("corrupt-mid", "bytes=" + inCorrupt + "-"))
                    .isEqualTo(Arrays.copyOfRange(data, (int) inCorrupt, data.length));
        } finally {
            flip(corrupt);
        }
    }

    @Test
    void aGetWhoseDataNoReplicaServesFailsInsteadOfEndingShort() throws IOException {
        byte[] data = Keys.random(10 * MIB + 5);
        s3.putObject(b -> b.bucket(BUCKET).key("unreadable"), RequestBody.fromBytes(data));
        BlockLocation second = blocks("unreadable").get(1);
        List<Path> corrupt = new ArrayList<>();
        for (DatanodeDetails replica : second.getPipeline().getMembersList()) {
            corrupt.add(blockFile(replica, second));
        }
        flip(corrupt);
        try {
            HttpURLConnection get = open("unreadable", null);
            assertThat(get.getResponseCode())
                    .as("the first block is readable: the status line goes out")
                    .isEqualTo(200);
            try (InputStream in = get.getInputStream()) {
                assertThatThrownBy(in::readAllBytes)
                        .as("the body must not end cleanly short of Content-Length")
                        .isInstanceOf(IOException.class);
            }
            HttpURLConnection fromTheBadBlock = open("unreadable", "bytes=" + (ClusterSuiteIT.BLOCK_SIZE + MIB) + "-");
            assertThat(fromTheBadBlock.getResponseCode())
                    .as("nothing readable before the first byte: an S3 error, no status 206")
                    .isEqualTo(500);
        } finally {
            flip(corrupt);
        }
        assertThat(get("unreadable", null)).isEqualTo(data);
    }

    /** Small objects (kept in the datanodes' database) and large ones, overwritten while GETs run. */
    @Test
    void getsRacingOverwritesEachReturnOneCommittedVersion() throws IOException {
        for (int size : new int[] {20 * 1024, 5 * MIB + 3}) {
            String key = "race-" + size;
            List<byte[]> versions =
                    Stream.generate(() -> Keys.random(size)).limit(6).toList();
            Set<String> committed =
                    versions.stream().map(S3ReadFaultScenario::sha256).collect(Collectors.toSet());
            s3.putObject(b -> b.bucket(BUCKET).key(key), RequestBody.fromBytes(versions.get(0)));
            CompletableFuture<Void> writer = CompletableFuture.runAsync(() -> versions.subList(1, versions.size())
                    .forEach(version -> s3.putObject(b -> b.bucket(BUCKET).key(key), RequestBody.fromBytes(version))));
            int reads = 0;
            while (!writer.isDone() || reads < 5) {
                assertThat(sha256(get(key, null)))
                        .as("GET %d of %s during overwrites", reads, key)
                        .isIn(committed);
                reads++;
            }
            writer.join();
            assertThat(get(key, null)).isEqualTo(versions.get(versions.size() - 1));
        }
    }

    private static String sha256(byte[] data) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(data));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private List<BlockLocation> blocks(String key) {
        try (KeyInputStream in = client().objectStore().bucket("s3v", BUCKET).readKey(key)) {
            return in.blocks();
        }
    }

    private static Path blockFile(DatanodeDetails replica, BlockLocation block) {
        return cluster()
                .blockFile(
                        cluster().datanodeIndex(replica.getUuid()),
                        block.getBlockId().getContainerId(),
                        block.getBlockId().getLocalId())
                .orElseThrow();
    }

    /** Flips a bit in each file (a second flip restores it). */
    private static void flip(List<Path> files) throws IOException {
        for (Path file : files) {
            CorruptReplicaScenario.flipByte(file, CORRUPT_AT);
        }
    }

    /** The whole body of a GET (of {@code range}, if not null) through HttpURLConnection. */
    private byte[] get(String key, String range) throws IOException {
        HttpURLConnection get = open(key, range);
        assertThat(get.getResponseCode()).isEqualTo(range == null ? 200 : 206);
        try (InputStream in = get.getInputStream()) {
            return in.readAllBytes();
        }
    }

    private HttpURLConnection open(String key, String range) throws IOException {
        URL url = presigner
                .presignGetObject(b -> b.signatureDuration(Duration.ofMinutes(5))
                        .getObjectRequest(g -> g.bucket(BUCKET).key(key).range(range)))
                .url();
        HttpURLConnection get = (HttpURLConnection) url.openConnection();
        if (range != null) {
            get.setRequestProperty("Range", range);
        }
        return get;
    }
}
