package dev.o3.test.e2e;

import static dev.o3.test.e2e.ClusterSuiteIT.client;
import static dev.o3.test.e2e.PromMetrics.datanodeReads;
import static dev.o3.test.e2e.PromMetrics.omLookups;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.ResponseBytes;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.ChecksumAlgorithm;
import software.amazon.awssdk.services.s3.model.ChecksumMode;
import software.amazon.awssdk.services.s3.model.CompletedMultipartUpload;
import software.amazon.awssdk.services.s3.model.CompletedPart;
import software.amazon.awssdk.services.s3.model.GetObjectResponse;
import software.amazon.awssdk.services.s3.model.ListObjectsV2Response;
import software.amazon.awssdk.services.s3.model.S3Exception;
import software.amazon.awssdk.services.s3.model.S3Object;
import software.amazon.awssdk.services.s3.model.UploadPartResponse;

/** Real S3 clients (AWS SDK for Java v2, the AWS CLI, boto3, s3cmd) against the gateway of the real cluster. */
abstract class S3Scenario extends GatewayScenario {
    private static final int MIB = 1024 * 1024;

    @Test
    void sdkRoundTripsObjectsRangesListingsAndMultipart() {
        try (S3Client s3 = sdk()) {
            s3.createBucket(b -> b.bucket("sdk-bucket"));
            byte[] data = Keys.random(6 * MIB + 3);
            String etag = s3.putObject(
                            b -> b.bucket("sdk-bucket").key("dir/a.bin").metadata(Map.of("color", "blue")),
                            RequestBody.fromBytes(data))
                    .eTag();
            s3.putObject(b -> b.bucket("sdk-bucket").key("dir/empty"), RequestBody.empty());
            s3.putObject(b -> b.bucket("sdk-bucket").key("top.txt"), RequestBody.fromString("top"));

            ResponseBytes<GetObjectResponse> got =
                    s3.getObjectAsBytes(b -> b.bucket("sdk-bucket").key("dir/a.bin"));
            assertThat(got.asByteArray()).isEqualTo(data);
            assertThat(etag).isEqualTo("\"" + md5(data) + "\"");
            assertThat(got.response().eTag()).as("the ETag OM stored").isEqualTo(etag);
            assertThat(got.response().metadata()).containsEntry("color", "blue");
            byte[] range = s3.getObjectAsBytes(
                            b -> b.bucket("sdk-bucket").key("dir/a.bin").range("bytes=100-199"))
                    .asByteArray();
            assertThat(range).isEqualTo(java.util.Arrays.copyOfRange(data, 100, 200));

            ListObjectsV2Response listing =
                    s3.listObjectsV2(b -> b.bucket("sdk-bucket").delimiter("/"));
            assertThat(listing.contents()).extracting(S3Object::key).containsExactly("top.txt");
            assertThat(listing.commonPrefixes())
                    .extracting(prefix -> prefix.prefix())
                    .containsExactly("dir/");

            byte[] large = multipart(s3, "sdk-bucket", "mpu.bin");
            assertThat(s3.getObjectAsBytes(b -> b.bucket("sdk-bucket").key("mpu.bin"))
                            .asByteArray())
                    .isEqualTo(large);

            assertThatThrownBy(() ->
                            s3.getObjectAsBytes(b -> b.bucket("sdk-bucket").key("missing")))
                    .isInstanceOfSatisfying(
                            S3Exception.class, e -> assertThat(e.statusCode()).isEqualTo(404));
        }
    }

    @Test
    void aGetAsksOmForTheKeyOnce() throws IOException, InterruptedException {
        try (S3Client s3 = sdk()) {
            s3.createBucket(b -> b.bucket("lookup-bucket"));
            s3.putObject(b -> b.bucket("lookup-bucket").key("k"), RequestBody.fromString("value"));
            double before = omLookups();

            assertThat(s3.getObjectAsBytes(b -> b.bucket("lookup-bucket").key("k"))
                            .asUtf8String())
                    .isEqualTo("value");

            // The headers and the data come from one LookupKey (there used to be two per GET).
            assertThat(omLookups() - before).isEqualTo(1.0);
        }
    }

    /**
     * A small object is one datanode request (the GetBlock brings the data with the chunk list) the first time the
     * gateway reads it, and none afterwards, nor after the gateway uploaded it: its client keeps small blocks. An
     * overwrite gets a new block, a delete leaves nothing for OM to name: neither is ever answered from what was kept.
     */
    @Test
    void aSmallGetIsOneDatanodeRequestOnceAndNoneWhenTheGatewayKeptTheObject()
            throws IOException, InterruptedException {
        byte[] written = Keys.random(4096);
        byte[] uploaded = Keys.random(4096);
        byte[] overwritten = Keys.random(3000);
        try (S3Client s3 = sdk()) {
            s3.createBucket(b -> b.bucket("one-trip-bucket"));
            try (OutputStream out = client().objectStore()
                    .bucket("s3v", "one-trip-bucket")
                    .createKey("native", written.length, Map.of())) {
                out.write(written);
            }
            s3.putObject(b -> b.bucket("one-trip-bucket").key("k"), RequestBody.fromBytes(uploaded));
            double getBlocks = datanodeReads("GET_BLOCK");
            double readChunks = datanodeReads("READ_CHUNK");

            assertThat(get(s3, "native")).isEqualTo(written);
            assertThat(datanodeReads("GET_BLOCK") - getBlocks)
                    .as("a key the gateway never saw: one GetBlock")
                    .isEqualTo(1.0);
            assertThat(get(s3, "native")).isEqualTo(written);
            assertThat(get(s3, "k")).isEqualTo(uploaded);
            s3.putObject(b -> b.bucket("one-trip-bucket").key("k"), RequestBody.fromBytes(overwritten));
            assertThat(get(s3, "k")).isEqualTo(overwritten);
            assertThat(datanodeReads("GET_BLOCK") - getBlocks)
                    .as("read again, uploaded, overwritten: kept")
                    .isEqualTo(1.0);
            assertThat(datanodeReads("READ_CHUNK") - readChunks).isZero();

            s3.deleteObject(b -> b.bucket("one-trip-bucket").key("k"));
            assertThatThrownBy(() -> get(s3, "k"))
                    .isInstanceOfSatisfying(
                            S3Exception.class, e -> assertThat(e.statusCode()).isEqualTo(404));
        }
    }

    private static byte[] get(S3Client s3, String key) {
        return s3.getObjectAsBytes(b -> b.bucket("one-trip-bucket").key(key)).asByteArray();
    }

    @Test
    void awsCliCopiesSyncsListsAndReadsRanges() throws IOException, InterruptedException {
        Path big = files.resolve("big.bin");
        Files.write(big, Keys.random(100 * MIB));
        Path dir = Files.createDirectories(files.resolve("tree/sub"));
        Files.writeString(dir.resolve("one.txt"), "one", StandardCharsets.UTF_8);
        Files.writeString(files.resolve("tree/two.txt"), "two", StandardCharsets.UTF_8);

        aws("s3", "mb", "s3://cli-bucket");
        aws("s3", "cp", big.toString(), "s3://cli-bucket/big.bin");
        aws("s3", "sync", files.resolve("tree").toString(), "s3://cli-bucket/tree");
        String listing = aws("s3", "ls", "--recursive", "s3://cli-bucket");
        Path copy = files.resolve("copy.bin");
        aws("s3", "cp", "s3://cli-bucket/big.bin", copy.toString());
        Path part = files.resolve("range.bin");
        aws(
                "s3api",
                "get-object",
                "--bucket",
                "cli-bucket",
                "--key",
                "big.bin",
                "--range",
                "bytes=1000-1999",
                part.toString());

        assertThat(listing).contains("big.bin").contains("tree/two.txt").contains("tree/sub/one.txt");
        assertThat(Files.mismatch(big, copy)).isEqualTo(-1);
        assertThat(Files.readAllBytes(part))
                .isEqualTo(java.util.Arrays.copyOfRange(Files.readAllBytes(big), 1000, 2000));
        String head = aws("s3api", "head-object", "--bucket", "cli-bucket", "--key", "big.bin");
        assertThat(head)
                .as("100 MiB goes up in parts: multipart ETag")
                .containsPattern("\"ETag\": \"\\\\\"[0-9a-f]{32}-\\d+\\\\\"\"");
    }

    @Test
    void boto3UploadsDownloadsListsAndDeletes() throws IOException, InterruptedException {
        Path script = Path.of(System.getProperty("o3.s3.scripts", "src/test/scripts"), "boto3-roundtrip.py");

        String output = run(List.of(
                System.getProperty("o3.s3.python", "python3"),
                script.toString(),
                endpoint().toString(),
                "boto3-bucket",
                files.toString()));

        assertThat(output).contains("boto3 OK");
    }

    @Test
    void s3cmdPutsListsAndGets() throws IOException, InterruptedException {
        String host = endpoint().getHost() + ":" + endpoint().getPort();
        Path config = Files.writeString(
                files.resolve("s3cfg"),
                String.join(
                        "\n",
                        "[default]",
                        "access_key = " + secret().accessKey(),
                        "secret_key = " + secret().secret(),
                        "host_base = " + host,
                        "host_bucket = " + host,
                        "use_https = False",
                        "signature_v2 = False",
                        ""),
                StandardCharsets.UTF_8);
        Path upload = files.resolve("s3cmd.bin");
        Files.write(upload, Keys.random(3 * MIB + 1));
        Path download = files.resolve("s3cmd.copy");

        s3cmd(config, "mb", "s3://s3cmd-bucket");
        s3cmd(config, "put", upload.toString(), "s3://s3cmd-bucket/data/s3cmd.bin");
        String listing = s3cmd(config, "ls", "--recursive", "s3://s3cmd-bucket");
        s3cmd(config, "get", "s3://s3cmd-bucket/data/s3cmd.bin", download.toString());

        assertThat(listing).contains("s3://s3cmd-bucket/data/s3cmd.bin");
        assertThat(Files.mismatch(upload, download)).isEqualTo(-1);
    }

    /** A three-part upload with CRC32 part checksums, whose object gets their composite checksum. */
    private byte[] multipart(S3Client s3, String bucket, String key) {
        String uploadId = s3.createMultipartUpload(
                        b -> b.bucket(bucket).key(key).checksumAlgorithm(ChecksumAlgorithm.CRC32))
                .uploadId();
        List<CompletedPart> parts = new ArrayList<>();
        java.io.ByteArrayOutputStream all = new java.io.ByteArrayOutputStream();
        int[] sizes = {5 * MIB, 5 * MIB, MIB + 7};
        for (int i = 0; i < sizes.length; i++) {
            int number = i + 1;
            byte[] data = Keys.random(sizes[i] + number);
            all.writeBytes(data);
            UploadPartResponse part = s3.uploadPart(
                    b -> b.bucket(bucket)
                            .key(key)
                            .uploadId(uploadId)
                            .partNumber(number)
                            .checksumAlgorithm(ChecksumAlgorithm.CRC32),
                    RequestBody.fromBytes(data));
            assertThat(part.checksumCRC32()).isNotEmpty();
            parts.add(CompletedPart.builder()
                    .partNumber(number)
                    .eTag(part.eTag())
                    .checksumCRC32(part.checksumCRC32())
                    .build());
        }
        String composite = s3.completeMultipartUpload(b -> b.bucket(bucket)
                        .key(key)
                        .uploadId(uploadId)
                        .multipartUpload(
                                CompletedMultipartUpload.builder().parts(parts).build()))
                .checksumCRC32();
        assertThat(composite).endsWith("-" + sizes.length);
        assertThat(s3.headObject(b -> b.bucket(bucket).key(key).checksumMode(ChecksumMode.ENABLED))
                        .checksumCRC32())
                .isEqualTo(composite);
        return all.toByteArray();
    }

    private S3Client sdk() {
        return S3Client.builder()
                .endpointOverride(endpoint())
                .region(Region.US_EAST_1)
                .forcePathStyle(true)
                .credentialsProvider(StaticCredentialsProvider.create(
                        AwsBasicCredentials.create(secret().accessKey(), secret().secret())))
                .build();
    }

    private String aws(String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(
                System.getProperty("o3.aws.cli", "aws"),
                "--endpoint-url",
                endpoint().toString()));
        command.addAll(List.of(args));
        if (args[1].equals("cp") || args[1].equals("sync")) {
            command.add("--no-progress");
        }
        return run(command);
    }

    private String s3cmd(Path config, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(
                List.of(System.getProperty("o3.s3cmd", "s3cmd"), "--config=" + config, "--no-progress"));
        command.addAll(List.of(args));
        return run(command);
    }

    /** Runs a client process with this user's S3 credentials; fails the test unless it exits 0. */
    private String run(List<String> command) throws IOException, InterruptedException {
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        builder.environment()
                .putAll(Map.of(
                        "AWS_ACCESS_KEY_ID", secret().accessKey(),
                        "AWS_SECRET_ACCESS_KEY", secret().secret(),
                        "AWS_DEFAULT_REGION", "us-east-1",
                        "AWS_CONFIG_FILE", files.resolve("aws-config").toString(),
                        "AWS_SHARED_CREDENTIALS_FILE",
                                files.resolve("aws-credentials").toString()));
        Process process = builder.start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        String name = String.join(" ", command.subList(1, command.size()));
        assertThat(process.waitFor(5, TimeUnit.MINUTES)).as("%s finished", name).isTrue();
        assertThat(process.exitValue()).as("%s: %s", name, output).isZero();
        return output;
    }

    private static String md5(byte[] data) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("MD5").digest(data));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
