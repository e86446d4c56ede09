package dev.o3.test.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.o3.client.api.OzoneClient;
import dev.o3.client.api.S3Secret;
import dev.o3.minicluster.MiniO3Cluster;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Bucket policy, CORS, bucket tagging and lifecycle through real clients against a real cluster: the AWS CLI
 * ({@code s3api}), boto3 (every error path with its code and status), and curl for anonymous and browser (CORS)
 * requests. OM's lifecycle service runs every second with 2-second days, so rules act within the test.
 */
@Tag("integration")
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Timeout(value = 10, unit = TimeUnit.MINUTES)
class S3BucketConfigIT {
    private static final Duration WAIT = Duration.ofSeconds(60);
    private static final String USER = System.getProperty("user.name");

    @TempDir
    static Path directory;

    private ClusterWithBucket running;
    private S3Secret owner;
    private S3Secret other;
    private URI endpoint;

    @BeforeAll
    void start() {
        running = ClusterWithBucket.start(MiniO3Cluster.builder(directory)
                .numDatanodes(3)
                .withS3Gateway()
                .conf("ozone.scm.datanode.pipeline.limit", "1")
                .conf("ozone.om.lifecycle.interval", "1s")
                .conf("ozone.om.lifecycle.day", "2s")
                .build());
        OzoneClient client = running.client();
        owner = client.objectStore().getS3Secret(USER);
        other = client.objectStore().getS3Secret("bob");
        endpoint = URI.create(
                "http://127.0.0.1:" + running.cluster().gateway().orElseThrow().port());
    }

    @AfterAll
    void stop() {
        if (running != null) {
            running.close();
        }
    }

    @Test
    void boto3ConfiguresTaggingLifecycleCorsAndPolicyAndGetsS3sErrors() throws Exception {
        Path script = Path.of(System.getProperty("o3.s3.scripts", "src/test/scripts"), "boto3-bucket-config.py");

        String output = run(List.of(
                System.getProperty("o3.s3.python", "python3"),
                script.toString(),
                endpoint.toString(),
                "boto3-config",
                other.accessKey(),
                other.secret()));

        assertThat(output).contains("boto3 bucket config OK");
    }

    @Test
    void aPolicyAllowingEveryoneLetsAnonymousCurlRead() throws Exception {
        Path file = Files.writeString(directory.resolve("public.txt"), "hello", StandardCharsets.UTF_8);
        aws("s3", "mb", "s3://policy-bucket");
        aws("s3", "cp", file.toString(), "s3://policy-bucket/k");
        aws("s3", "cp", file.toString(), "s3://policy-bucket/hidden/k");
        assertThat(curl("http://%s/policy-bucket/k").status()).isEqualTo(403);

        aws(
                "s3api",
                "put-bucket-policy",
                "--bucket",
                "policy-bucket",
                "--policy",
                "{\"Version\":\"2012-10-17\",\"Statement\":[{\"Effect\":\"Allow\",\"Principal\":\"*\","
                        + "\"Action\":\"s3:GetObject\",\"Resource\":\"arn:aws:s3:::policy-bucket/*\"},"
                        + "{\"Effect\":\"Deny\",\"Principal\":\"*\",\"Action\":\"s3:GetObject\","
                        + "\"Resource\":\"arn:aws:s3:::policy-bucket/hidden/*\"}]}");

        Curl anonymous = curl("http://%s/policy-bucket/k");
        assertThat(anonymous.status()).isEqualTo(200);
        assertThat(anonymous.body()).isEqualTo("hello");
        assertThat(curl("http://%s/policy-bucket/hidden/k").status())
                .as("Deny wins")
                .isEqualTo(403);
        assertThat(curl("http://%s/policy-bucket/").status())
                .as("listing is not allowed")
                .isEqualTo(403);
        assertThat(aws("s3api", "get-bucket-policy-status", "--bucket", "policy-bucket"))
                .contains("\"IsPublic\": true");
        assertThat(aws(
                        "s3",
                        "cp",
                        "s3://policy-bucket/hidden/k",
                        directory.resolve("x").toString()))
                .as("OM administrators (the test's user) are never denied")
                .contains("download");
        aws("s3api", "delete-bucket-policy", "--bucket", "policy-bucket");
        assertThat(curl("http://%s/policy-bucket/k").status()).isEqualTo(403);

        String fromNetwork = "{\"Version\":\"2012-10-17\",\"Statement\":[{\"Effect\":\"Allow\",\"Principal\":\"*\","
                + "\"Action\":\"s3:GetObject\",\"Resource\":\"arn:aws:s3:::policy-bucket/*\","
                + "\"Condition\":{\"IpAddress\":{\"aws:SourceIp\":\"%s\"}}}]}";
        aws(
                "s3api",
                "put-bucket-policy",
                "--bucket",
                "policy-bucket",
                "--policy",
                String.format(fromNetwork, "10.0.0.0/8"));
        assertThat(curl("http://%s/policy-bucket/k").status())
                .as("curl calls from 127.0.0.1")
                .isEqualTo(403);
        aws(
                "s3api",
                "put-bucket-policy",
                "--bucket",
                "policy-bucket",
                "--policy",
                String.format(fromNetwork, "127.0.0.0/8"));
        assertThat(curl("http://%s/policy-bucket/k").status()).isEqualTo(200);
        aws("s3api", "delete-bucket-policy", "--bucket", "policy-bucket");
        assertThat(awsFails("s3api", "get-bucket-policy", "--bucket", "policy-bucket"))
                .contains("NoSuchBucketPolicy");
    }

    @Test
    void corsRulesAnswerPreflightsAndDecorateActualRequests() throws Exception {
        aws("s3", "mb", "s3://cors-bucket");
        Path file = Files.writeString(directory.resolve("cors.txt"), "cors", StandardCharsets.UTF_8);
        aws("s3", "cp", file.toString(), "s3://cors-bucket/k");
        aws("s3api", "put-bucket-acl", "--bucket", "cors-bucket", "--acl", "public-read");
        assertThat(preflight("https://app.example.com", "GET").status())
                .as("no CORS configuration")
                .isEqualTo(403);

        aws(
                "s3api",
                "put-bucket-cors",
                "--bucket",
                "cors-bucket",
                "--cors-configuration",
                "{\"CORSRules\":[{\"AllowedOrigins\":[\"https://*.example.com\"],\"AllowedMethods\":[\"GET\",\"PUT\"],"
                        + "\"AllowedHeaders\":[\"*\"],\"ExposeHeaders\":[\"ETag\"],\"MaxAgeSeconds\":300}]}");
        assertThat(aws("s3api", "get-bucket-cors", "--bucket", "cors-bucket")).contains("https://*.example.com");

        Curl allowed = preflight("https://app.example.com", "PUT");
        assertThat(allowed.status()).isEqualTo(200);
        assertThat(allowed.header("Access-Control-Allow-Origin")).isEqualTo("https://app.example.com");
        assertThat(allowed.header("Access-Control-Allow-Methods")).isEqualTo("GET, PUT");
        assertThat(allowed.header("Access-Control-Max-Age")).isEqualTo("300");
        assertThat(preflight("https://evil.org", "GET").status()).isEqualTo(403);
        assertThat(preflight("https://app.example.com", "DELETE").status()).isEqualTo(403);
        assertThat(curl("http://%s/cors-bucket/k", "-X", "OPTIONS").status())
                .as("a preflight without Origin")
                .isEqualTo(400);

        Curl actual = curl("http://%s/cors-bucket/k", "-H", "Origin: https://app.example.com");
        assertThat(actual.status()).isEqualTo(200);
        assertThat(actual.header("Access-Control-Allow-Origin")).isEqualTo("https://app.example.com");
        assertThat(actual.header("Access-Control-Expose-Headers")).isEqualTo("ETag");
        assertThat(curl("http://%s/cors-bucket/k", "-H", "Origin: https://evil.org")
                        .header("Access-Control-Allow-Origin"))
                .isNull();

        aws("s3api", "delete-bucket-cors", "--bucket", "cors-bucket");
        assertThat(awsFails("s3api", "get-bucket-cors", "--bucket", "cors-bucket"))
                .contains("NoSuchCORSConfiguration");
    }

    @Test
    void theLifecycleServiceExpiresKeysAndAbortsStaleUploads() throws Exception {
        aws("s3", "mb", "s3://lifecycle-bucket");
        aws(
                "s3api",
                "put-bucket-tagging",
                "--bucket",
                "lifecycle-bucket",
                "--tagging",
                "TagSet=[{Key=purpose,Value=lifecycle}]");
        assertThat(aws("s3api", "get-bucket-tagging", "--bucket", "lifecycle-bucket"))
                .contains("lifecycle");
        Path file = Files.writeString(directory.resolve("l.txt"), "data", StandardCharsets.UTF_8);
        aws("s3", "cp", file.toString(), "s3://lifecycle-bucket/tmp/a");
        aws("s3", "cp", file.toString(), "s3://lifecycle-bucket/keep/b");
        aws("s3api", "create-multipart-upload", "--bucket", "lifecycle-bucket", "--key", "tmp/upload");
        double deletedBefore = lifecycleCounter("o3_om_lifecycle_deleted_keys_total");

        aws(
                "s3api",
                "put-bucket-lifecycle-configuration",
                "--bucket",
                "lifecycle-bucket",
                "--lifecycle-configuration",
                "{\"Rules\":[{\"ID\":\"tmp\",\"Status\":\"Enabled\",\"Filter\":{\"Prefix\":\"tmp/\"},"
                        + "\"Expiration\":{\"Days\":1},"
                        + "\"AbortIncompleteMultipartUpload\":{\"DaysAfterInitiation\":1}}]}");
        assertThat(aws("s3api", "get-bucket-lifecycle-configuration", "--bucket", "lifecycle-bucket"))
                .contains("\"Days\": 1")
                .contains("\"DaysAfterInitiation\": 1");

        await(() -> listing("lifecycle-bucket").equals("keep/b"), "tmp/a to expire and keep/b to stay");
        await(
                () -> !call(() -> aws("s3api", "list-multipart-uploads", "--bucket", "lifecycle-bucket"))
                        .contains("tmp/upload"),
                "the stale upload to be aborted");
        assertThat(lifecycleCounter("o3_om_lifecycle_deleted_keys_total") - deletedBefore)
                .isEqualTo(1.0);
        assertThat(lifecycleCounter("o3_om_lifecycle_aborted_uploads_total")).isGreaterThanOrEqualTo(1.0);
        aws("s3api", "delete-bucket-lifecycle", "--bucket", "lifecycle-bucket");
        assertThat(awsFails("s3api", "get-bucket-lifecycle-configuration", "--bucket", "lifecycle-bucket"))
                .contains("NoSuchLifecycleConfiguration");
    }

    @Test
    void theLifecycleServiceExpiresNoncurrentVersionsAndLoneDeleteMarkers() throws Exception {
        aws("s3api", "create-bucket", "--bucket", "versions-lifecycle");
        aws(
                "s3api",
                "put-bucket-versioning",
                "--bucket",
                "versions-lifecycle",
                "--versioning-configuration",
                "Status=Enabled");
        Path file = Files.writeString(directory.resolve("v.txt"), "version", StandardCharsets.UTF_8);
        List<String> versions = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            versions.add(aws(
                            "s3api",
                            "put-object",
                            "--bucket",
                            "versions-lifecycle",
                            "--key",
                            "docs/k",
                            "--body",
                            file.toString(),
                            "--query",
                            "VersionId",
                            "--output",
                            "text")
                    .strip());
        }
        aws("s3api", "put-object", "--bucket", "versions-lifecycle", "--key", "tmp/gone", "--body", file.toString());
        aws("s3api", "delete-object", "--bucket", "versions-lifecycle", "--key", "tmp/gone");
        double versionsBefore = lifecycleCounter("o3_om_lifecycle_deleted_versions_total");
        double markersBefore = lifecycleCounter("o3_om_lifecycle_deleted_delete_markers_total");

        aws(
                "s3api",
                "put-bucket-lifecycle-configuration",
                "--bucket",
                "versions-lifecycle",
                "--lifecycle-configuration",
                "{\"Rules\":[{\"ID\":\"docs\",\"Status\":\"Enabled\",\"Filter\":{\"Prefix\":\"docs/\"},"
                        + "\"NoncurrentVersionExpiration\":{\"NoncurrentDays\":1,\"NewerNoncurrentVersions\":1}},"
                        + "{\"ID\":\"tmp\",\"Status\":\"Enabled\",\"Filter\":{\"Prefix\":\"tmp/\"},"
                        + "\"Expiration\":{\"ExpiredObjectDeleteMarker\":true},"
                        + "\"NoncurrentVersionExpiration\":{\"NoncurrentDays\":1}}]}");

        String kept = versions.get(2) + "\t" + versions.get(1);
        await(
                () -> versionListing("versions-lifecycle", "Versions[].VersionId")
                                .equals(kept)
                        && versionListing("versions-lifecycle", "DeleteMarkers[].Key")
                                .equals("None"),
                "the oldest docs/k version, tmp/gone's version and its delete marker to go");
        assertThat(lifecycleCounter("o3_om_lifecycle_deleted_versions_total") - versionsBefore)
                .isEqualTo(2.0);
        assertThat(lifecycleCounter("o3_om_lifecycle_deleted_delete_markers_total") - markersBefore)
                .isEqualTo(1.0);
        assertThat(aws("s3api", "get-object", "--bucket", "versions-lifecycle", "--key", "docs/k", "/dev/null"))
                .contains(versions.get(2));
    }

    private String versionListing(String bucket, String query) {
        return call(() ->
                        aws("s3api", "list-object-versions", "--bucket", bucket, "--query", query, "--output", "text"))
                .strip();
    }

    private String listing(String bucket) {
        return call(() -> aws(
                        "s3api",
                        "list-objects-v2",
                        "--bucket",
                        bucket,
                        "--query",
                        "Contents[].Key",
                        "--output",
                        "text"))
                .strip();
    }

    private double lifecycleCounter(String name) throws IOException, InterruptedException {
        int port = running.cluster().oms().get(0).httpPort();
        String metrics = HttpClient.newHttpClient()
                .send(
                        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/prom"))
                                .build(),
                        HttpResponse.BodyHandlers.ofString())
                .body();
        Matcher value = Pattern.compile("(?m)^" + name + " (\\S+)$").matcher(metrics);
        return value.find() ? Double.parseDouble(value.group(1)) : 0;
    }

    private Curl preflight(String origin, String method) throws IOException, InterruptedException {
        return curl(
                "http://%s/cors-bucket/k",
                "-X",
                "OPTIONS",
                "-H",
                "Origin: " + origin,
                "-H",
                "Access-Control-Request-Method: " + method,
                "-H",
                "Access-Control-Request-Headers: content-type");
    }

    /** An anonymous request by curl: status, headers and body. */
    private Curl curl(String url, String... options) throws IOException, InterruptedException {
        Path headers = Files.createTempFile(directory, "headers", ".txt");
        List<String> command = new ArrayList<>(List.of("curl", "-s", "-D", headers.toString(), "-o", "-"));
        command.addAll(List.of(options));
        command.add(String.format(url, endpoint.getAuthority()));
        Process process = new ProcessBuilder(command).start();
        String body = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(1, TimeUnit.MINUTES)).isTrue();
        assertThat(process.exitValue()).as("curl %s", command).isZero();
        return new Curl(Files.readAllLines(headers, StandardCharsets.ISO_8859_1), body);
    }

    /** What curl received. */
    private record Curl(List<String> headers, String body) {
        int status() {
            // The status line: "HTTP/1.1 200 OK".
            Matcher line = Pattern.compile("^HTTP/\\S+ (\\d{3})").matcher(headers.get(0));
            assertThat(line.find()).as("status line %s", headers.get(0)).isTrue();
            return Integer.parseInt(line.group(1));
        }

        String header(String name) {
            return headers.stream()
                    .filter(line -> line.toLowerCase(java.util.Locale.ROOT)
                            .startsWith(name.toLowerCase(java.util.Locale.ROOT) + ":"))
                    .map(line -> line.substring(name.length() + 1).strip())
                    .findFirst()
                    .orElse(null);
        }
    }

    private String aws(String... args) throws IOException, InterruptedException {
        Result result = awsRun(args);
        assertThat(result.exit())
                .as("aws %s: %s", String.join(" ", args), result.output())
                .isZero();
        return result.output();
    }

    private String awsFails(String... args) throws IOException, InterruptedException {
        Result result = awsRun(args);
        assertThat(result.exit())
                .as("aws %s should fail", String.join(" ", args))
                .isNotZero();
        return result.output();
    }

    private Result awsRun(String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(
                List.of(System.getProperty("o3.aws.cli", "aws"), "--endpoint-url", endpoint.toString()));
        command.addAll(List.of(args));
        return exec(command);
    }

    private String run(List<String> command) throws IOException, InterruptedException {
        Result result = exec(command);
        assertThat(result.exit()).as("%s: %s", command, result.output()).isZero();
        return result.output();
    }

    private record Result(int exit, String output) {}

    /** Runs a client process with the owner's S3 credentials. */
    private Result exec(List<String> command) throws IOException, InterruptedException {
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        builder.environment()
                .putAll(Map.of(
                        "AWS_ACCESS_KEY_ID", owner.accessKey(),
                        "AWS_SECRET_ACCESS_KEY", owner.secret(),
                        "AWS_DEFAULT_REGION", "us-east-1",
                        "AWS_CONFIG_FILE", directory.resolve("aws-config").toString(),
                        "AWS_SHARED_CREDENTIALS_FILE",
                                directory.resolve("aws-credentials").toString()));
        Process process = builder.start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(5, TimeUnit.MINUTES))
                .as("%s finished", command)
                .isTrue();
        return new Result(process.exitValue(), output);
    }

    private static void await(BooleanSupplier condition, String what) {
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (!condition.getAsBoolean()) {
            assertThat(System.nanoTime()).as("waiting for %s", what).isLessThan(deadline);
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(200));
        }
    }

    /** A client call inside a polled condition. */
    private static String call(ClientCall call) {
        try {
            return call.run();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    @FunctionalInterface
    private interface ClientCall {
        String run() throws IOException, InterruptedException;
    }
}
