package dev.o3.test.e2e;

import static dev.o3.test.e2e.ClusterSuiteIT.client;
import static org.assertj.core.api.Assertions.assertThat;

import dev.o3.client.api.KeyVersionPage;
import dev.o3.client.api.OzoneBucket;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * S3 versioning and conditional writes through real clients: the AWS CLI's {@code s3api} for every operation, boto3
 * for every error path (S3 code and HTTP status) and a race of create-if-absent writers, and the native client on a
 * versioned bucket.
 */
abstract class S3VersionsScenario extends GatewayScenario {
    @Test
    void awsCliVersionsObjectsAndListsThem() throws IOException, InterruptedException {
        Path one = Files.writeString(files.resolve("one"), "one");
        Path two = Files.writeString(files.resolve("two"), "two");
        s3api("create-bucket", "--bucket", "cli-versions");
        assertThat(s3api("get-bucket-versioning", "--bucket", "cli-versions")).isBlank();
        s3api("put-bucket-versioning", "--bucket", "cli-versions", "--versioning-configuration", "Status=Enabled");
        assertThat(text("get-bucket-versioning", "--bucket", "cli-versions", "--query", "Status"))
                .isEqualTo("Enabled");

        String v1 = put("cli-versions", "k", one);
        String v2 = put("cli-versions", "k", two);
        assertThat(v1).matches("[0-9a-f]{16}").isNotEqualTo(v2);
        Path got = files.resolve("got");
        s3api("get-object", "--bucket", "cli-versions", "--key", "k", "--version-id", v1, got.toString());
        assertThat(Files.readString(got)).isEqualTo("one");
        assertThat(text("head-object", "--bucket", "cli-versions", "--key", "k", "--query", "VersionId"))
                .isEqualTo(v2);

        String marker = text("delete-object", "--bucket", "cli-versions", "--key", "k", "--query", "VersionId");
        assertThat(failure("get-object", "--bucket", "cli-versions", "--key", "k", got.toString()))
                .contains("NoSuchKey");
        assertThat(text("list-object-versions", "--bucket", "cli-versions", "--query", "Versions[].VersionId"))
                .isEqualTo(v2 + "\t" + v1);
        assertThat(text(
                        "list-object-versions",
                        "--bucket",
                        "cli-versions",
                        "--query",
                        "DeleteMarkers[].[VersionId,IsLatest]"))
                .isEqualTo(marker + "\tTrue");

        assertThat(text(
                        "copy-object",
                        "--bucket",
                        "cli-versions",
                        "--key",
                        "copy",
                        "--copy-source",
                        "cli-versions/k?versionId=" + v1,
                        "--query",
                        "CopySourceVersionId"))
                .isEqualTo(v1);
        s3api("delete-object", "--bucket", "cli-versions", "--key", "k", "--version-id", marker);
        s3api("get-object", "--bucket", "cli-versions", "--key", "k", got.toString());
        assertThat(Files.readString(got))
                .as("the marker is gone: v2 is current")
                .isEqualTo("two");

        assertThat(text(
                        "list-object-versions",
                        "--bucket",
                        "cli-versions",
                        "--page-size",
                        "1",
                        "--query",
                        "Versions[].[Key,VersionId]"))
                .as("paged through key and version-id markers")
                .isEqualTo(String.join("\n", "copy\t" + copyVersion(), "k\t" + v2, "k\t" + v1));

        s3api("put-bucket-versioning", "--bucket", "cli-versions", "--versioning-configuration", "Status=Suspended");
        assertThat(put("cli-versions", "k", one)).isEqualTo("null");
        assertThat(failure("delete-bucket", "--bucket", "cli-versions")).contains("BucketNotEmpty");
    }

    @Test
    void awsCliListsAnUnversionedBucketAsNullVersionsAndHonoursConditions() throws IOException, InterruptedException {
        Path one = Files.writeString(files.resolve("one"), "one");
        s3api("create-bucket", "--bucket", "cli-plain");
        s3api("put-object", "--bucket", "cli-plain", "--key", "a", "--body", one.toString());
        s3api("put-object", "--bucket", "cli-plain", "--key", "dir/b", "--body", one.toString());
        assertThat(text(
                        "list-object-versions",
                        "--bucket",
                        "cli-plain",
                        "--delimiter",
                        "/",
                        "--query",
                        "[Versions[].[Key,VersionId,IsLatest], CommonPrefixes[].Prefix]"))
                .isEqualTo("a\tnull\tTrue\ndir/");
        assertThat(text(
                        "list-object-versions",
                        "--bucket",
                        "cli-plain",
                        "--prefix",
                        "dir/",
                        "--query",
                        "Versions[].Key"))
                .isEqualTo("dir/b");

        assertThat(failure(
                        "put-object",
                        "--bucket",
                        "cli-plain",
                        "--key",
                        "a",
                        "--body",
                        one.toString(),
                        "--if-none-match",
                        "*"))
                .contains("PreconditionFailed");
        s3api("put-object", "--bucket", "cli-plain", "--key", "new", "--body", one.toString(), "--if-none-match", "*");
        String etag = text("head-object", "--bucket", "cli-plain", "--key", "new", "--query", "ETag");
        assertThat(failure(
                        "put-object",
                        "--bucket",
                        "cli-plain",
                        "--key",
                        "new",
                        "--body",
                        one.toString(),
                        "--if-match",
                        "\"00000000000000000000000000000000\""))
                .contains("PreconditionFailed");
        s3api("put-object", "--bucket", "cli-plain", "--key", "new", "--body", one.toString(), "--if-match", etag);

        String upload = text("create-multipart-upload", "--bucket", "cli-plain", "--key", "a", "--query", "UploadId");
        String part = text(
                "upload-part",
                "--bucket",
                "cli-plain",
                "--key",
                "a",
                "--upload-id",
                upload,
                "--part-number",
                "1",
                "--body",
                one.toString(),
                "--query",
                "ETag");
        String parts = "{\"Parts\":[{\"PartNumber\":1,\"ETag\":" + jsonString(part) + "}]}";
        assertThat(failure(
                        "complete-multipart-upload",
                        "--bucket",
                        "cli-plain",
                        "--key",
                        "a",
                        "--upload-id",
                        upload,
                        "--multipart-upload",
                        parts,
                        "--if-none-match",
                        "*"))
                .contains("PreconditionFailed");
        s3api(
                "complete-multipart-upload",
                "--bucket",
                "cli-plain",
                "--key",
                "a",
                "--upload-id",
                upload,
                "--multipart-upload",
                parts);
    }

    @Test
    void boto3CoversEveryErrorAndARaceOfCreateIfAbsentWriters() throws IOException, InterruptedException {
        Path script = Path.of(System.getProperty("o3.s3.scripts", "src/test/scripts"), "boto3-versions.py");

        String output = run(List.of(
                System.getProperty("o3.s3.python", "python3"),
                script.toString(),
                endpoint().toString(),
                "boto3v"));

        assertThat(output).contains("boto3 versions OK");
    }

    @Test
    void theNativeClientSeesTheCurrentVersion() throws IOException {
        client().objectStore().getVolume("s3v").createBucket("native-versions", "OBJECT_STORE", 3);
        OzoneBucket bucket = client().objectStore().bucket("s3v", "native-versions");
        bucket.setVersioning(true);
        write(bucket, "first");
        write(bucket, "second");
        try (InputStream in = bucket.readKey("k")) {
            assertThat(in.readAllBytes()).isEqualTo("second".getBytes(StandardCharsets.UTF_8));
        }
        assertThat(bucket.listKeys("", "", 10)).hasSize(1);
        assertThat(bucket.info().usedNamespace())
                .as("noncurrent versions count")
                .isEqualTo(2);

        bucket.deleteKey("k");
        KeyVersionPage page = bucket.listVersions("", "", "", "", 10);
        assertThat(page.versions()).hasSize(3);
        assertThat(page.versions().get(0).deleteMarker()).isTrue();
        assertThat(page.versions().get(0).latest()).isTrue();
        assertThat(bucket.listKeys("", "", 10)).isEmpty();
    }

    private static void write(OzoneBucket bucket, String text) throws IOException {
        byte[] data = text.getBytes(StandardCharsets.UTF_8);
        try (OutputStream out = bucket.createKey("k", data.length, Map.of())) {
            out.write(data);
        }
    }

    private String copyVersion() throws IOException, InterruptedException {
        return text("head-object", "--bucket", "cli-versions", "--key", "copy", "--query", "VersionId");
    }

    private String put(String bucket, String key, Path body) throws IOException, InterruptedException {
        return text("put-object", "--bucket", bucket, "--key", key, "--body", body.toString(), "--query", "VersionId");
    }

    /** An s3api call's output as text (for {@code --query}), trimmed. */
    private String text(String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(args));
        command.addAll(List.of("--output", "text"));
        return s3api(command.toArray(String[]::new)).trim();
    }

    private String s3api(String... args) throws IOException, InterruptedException {
        return run(command(args));
    }

    /** Runs an s3api call that must fail; returns its output (the CLI names the S3 error code). */
    private String failure(String... args) throws IOException, InterruptedException {
        Process process = start(command(args));
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(5, TimeUnit.MINUTES)).isTrue();
        assertThat(process.exitValue()).as("%s: %s", List.of(args), output).isNotZero();
        return output;
    }

    private List<String> command(String... args) {
        List<String> command = new ArrayList<>(List.of(
                System.getProperty("o3.aws.cli", "aws"),
                "--endpoint-url",
                endpoint().toString(),
                "s3api"));
        command.addAll(List.of(args));
        return command;
    }

    /** Runs a client process with this user's S3 credentials; fails the test unless it exits 0. */
    private String run(List<String> command) throws IOException, InterruptedException {
        Process process = start(command);
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        String name = String.join(" ", command.subList(1, command.size()));
        assertThat(process.waitFor(5, TimeUnit.MINUTES)).as("%s finished", name).isTrue();
        assertThat(process.exitValue()).as("%s: %s", name, output).isZero();
        return output;
    }

    private Process start(List<String> command) throws IOException {
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        builder.environment()
                .putAll(Map.of(
                        "AWS_ACCESS_KEY_ID", secret().accessKey(),
                        "AWS_SECRET_ACCESS_KEY", secret().secret(),
                        "AWS_DEFAULT_REGION", "us-east-1",
                        "AWS_CONFIG_FILE", files.resolve("aws-config").toString(),
                        "AWS_SHARED_CREDENTIALS_FILE",
                                files.resolve("aws-credentials").toString()));
        return builder.start();
    }

    private static String jsonString(String value) {
        return "\"" + value.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }
}
