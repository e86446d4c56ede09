package dev.o3.test.e2e;

import static dev.o3.test.e2e.ClusterSuiteIT.client;
import static dev.o3.test.e2e.ClusterSuiteIT.cluster;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import dev.o3.client.api.ObjectStore;
import dev.o3.client.api.S3Secret;
import dev.o3.client.om.OmException;
import dev.o3.common.acl.CannedAcl;
import dev.o3.proto.om.OmStatus;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.auth.credentials.AnonymousCredentialsProvider;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.BucketCannedACL;
import software.amazon.awssdk.services.s3.model.Grant;
import software.amazon.awssdk.services.s3.model.ObjectCannedACL;
import software.amazon.awssdk.services.s3.model.Permission;
import software.amazon.awssdk.services.s3.model.S3Exception;
import software.amazon.awssdk.services.s3.model.S3Object;
import software.amazon.awssdk.services.s3.model.Type;

/**
 * Bucket ownership, canned ACLs and per-user grants through the real gateway and OM: two S3 users with secrets from
 * OM, an anonymous SDK client and plain unsigned HTTP, and the same users from boto3 ({@code s3-grants.py}); the O3
 * client API (as {@code ozone sh} uses it) sees the same rules.
 */
abstract class AclScenario {
    private static final String ALL_USERS = "http://acs.amazonaws.com/groups/global/AllUsers";
    private static final String AUTHENTICATED_USERS = "http://acs.amazonaws.com/groups/global/AuthenticatedUsers";

    private final HttpClient http = HttpClient.newHttpClient();
    private URI endpoint;
    private S3Client alice;
    private S3Client bob;
    private S3Client anonymous;
    private S3Secret aliceSecret;
    private S3Secret bobSecret;

    @BeforeEach
    void clients() {
        endpoint = URI.create(
                "http://127.0.0.1:" + cluster().gateway().orElseThrow().port());
        ObjectStore admin = client().objectStore();
        aliceSecret = admin.getS3Secret("acl-alice");
        bobSecret = admin.getS3Secret("acl-bob");
        alice = sdk(credentials(aliceSecret));
        bob = sdk(credentials(bobSecret));
        anonymous = sdk(AnonymousCredentialsProvider.create());
    }

    @AfterEach
    void closeClients() {
        alice.close();
        bob.close();
        anonymous.close();
    }

    @Test
    void aPrivateBucketIsItsCreatorsUntilItsAclOpensIt() throws IOException, InterruptedException {
        alice.createBucket(b -> b.bucket("acl-photos"));
        alice.putObject(b -> b.bucket("acl-photos").key("cat.jpg"), RequestBody.fromString("meow"));
        assertThat(client().objectStore()
                        .getVolume("s3v")
                        .getBucket("acl-photos")
                        .info()
                        .owner())
                .as("the access key's user owns the bucket")
                .isEqualTo("acl-alice");

        assertDenied(() -> bob.getObjectAsBytes(b -> b.bucket("acl-photos").key("cat.jpg")));
        assertDenied(() -> bob.listObjectsV2(b -> b.bucket("acl-photos")));
        assertDenied(
                () -> anonymous.getObjectAsBytes(b -> b.bucket("acl-photos").key("cat.jpg")));
        assertThat(get("/acl-photos/cat.jpg").statusCode()).isEqualTo(403);
        assertThat(get("/acl-photos/cat.jpg").body()).contains("<Code>AccessDenied</Code>");
        assertThat(bob.listBuckets().buckets()).extracting(b -> b.name()).doesNotContain("acl-photos");

        alice.putBucketAcl(b -> b.bucket("acl-photos").acl(BucketCannedACL.PUBLIC_READ));
        HttpResponse<String> plain = get("/acl-photos/cat.jpg");
        assertThat(plain.statusCode()).isEqualTo(200);
        assertThat(plain.body()).isEqualTo("meow");
        assertThat(anonymous.listObjectsV2(b -> b.bucket("acl-photos")).contents())
                .extracting(S3Object::key)
                .containsExactly("cat.jpg");
        assertThat(get("/acl-photos?list-type=2").body()).contains("<Key>cat.jpg</Key>");
        assertDenied(
                () -> anonymous.putObject(b -> b.bucket("acl-photos").key("dog.jpg"), RequestBody.fromString("x")));
        assertDenied(() -> bob.putObject(b -> b.bucket("acl-photos").key("dog.jpg"), RequestBody.fromString("x")));
        assertDenied(() -> anonymous.deleteObject(b -> b.bucket("acl-photos").key("cat.jpg")));
        assertThat(alice.getBucketAcl(b -> b.bucket("acl-photos")).grants())
                .extracting(
                        grant -> grant.grantee().type(),
                        grant -> grant.grantee().uri(),
                        Grant::permission)
                .containsExactly(
                        tuple(Type.CANONICAL_USER, null, Permission.FULL_CONTROL),
                        tuple(Type.GROUP, ALL_USERS, Permission.READ));
        assertDenied(() -> bob.getBucketAcl(b -> b.bucket("acl-photos")));

        alice.putBucketAcl(b -> b.bucket("acl-photos").acl(BucketCannedACL.PUBLIC_READ_WRITE));
        anonymous.putObject(b -> b.bucket("acl-photos").key("drop.txt"), RequestBody.fromString("from nobody"));
        assertThat(alice.getObjectAsBytes(b -> b.bucket("acl-photos").key("drop.txt"))
                        .asUtf8String())
                .isEqualTo("from nobody");
        HttpResponse<String> plainPut = http.send(
                HttpRequest.newBuilder(endpoint.resolve("/acl-photos/plain.txt"))
                        .PUT(HttpRequest.BodyPublishers.ofString("unsigned"))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(plainPut.statusCode()).isEqualTo(200);
        anonymous.deleteObject(b -> b.bucket("acl-photos").key("plain.txt"));

        alice.putBucketAcl(b -> b.bucket("acl-photos").acl(BucketCannedACL.AUTHENTICATED_READ));
        assertThat(bob.getObjectAsBytes(b -> b.bucket("acl-photos").key("cat.jpg"))
                        .asUtf8String())
                .isEqualTo("meow");
        assertDenied(
                () -> anonymous.getObjectAsBytes(b -> b.bucket("acl-photos").key("cat.jpg")));
        assertThat(get("/acl-photos/cat.jpg").statusCode()).isEqualTo(403);
        assertThat(alice.getBucketAcl(b -> b.bucket("acl-photos")).grants())
                .extracting(grant -> grant.grantee().uri(), Grant::permission)
                .containsExactly(tuple(null, Permission.FULL_CONTROL), tuple(AUTHENTICATED_USERS, Permission.READ));
    }

    @Test
    void anObjectAclOpensOneKeyOfAPrivateBucket() throws IOException, InterruptedException {
        alice.createBucket(b -> b.bucket("acl-mixed"));
        alice.putObject(
                b -> b.bucket("acl-mixed").key("public.txt").acl(ObjectCannedACL.PUBLIC_READ),
                RequestBody.fromString("open"));
        alice.putObject(b -> b.bucket("acl-mixed").key("private.txt"), RequestBody.fromString("closed"));

        assertThat(get("/acl-mixed/public.txt").body()).isEqualTo("open");
        assertThat(anonymous
                        .getObjectAsBytes(b -> b.bucket("acl-mixed").key("public.txt"))
                        .asUtf8String())
                .isEqualTo("open");
        assertThat(get("/acl-mixed/private.txt").statusCode()).isEqualTo(403);
        assertThat(get("/acl-mixed/missing.txt").statusCode())
                .as("no hint which keys exist")
                .isEqualTo(403);
        assertDenied(() -> anonymous.listObjectsV2(b -> b.bucket("acl-mixed")));
        assertThat(alice.getObjectAcl(b -> b.bucket("acl-mixed").key("public.txt")))
                .satisfies(acl -> assertThat(acl.owner().id()).isEqualTo("acl-alice"))
                .satisfies(acl -> assertThat(acl.grants())
                        .extracting(
                                grant -> grant.grantee().id(),
                                grant -> grant.grantee().uri(),
                                Grant::permission)
                        .containsExactly(
                                tuple("acl-alice", null, Permission.FULL_CONTROL),
                                tuple(null, ALL_USERS, Permission.READ)));

        alice.putObjectAcl(b -> b.bucket("acl-mixed").key("public.txt").acl(ObjectCannedACL.PRIVATE));
        assertThat(get("/acl-mixed/public.txt").statusCode()).isEqualTo(403);
        assertDenied(() ->
                bob.putObjectAcl(b -> b.bucket("acl-mixed").key("private.txt").acl(ObjectCannedACL.PUBLIC_READ)));
    }

    @Test
    void theShellsClientApiAndTheGatewaySeeTheSameAcls() throws IOException, InterruptedException {
        alice.createBucket(b -> b.bucket("acl-shared"));
        alice.putObject(b -> b.bucket("acl-shared").key("note.txt"), RequestBody.fromString("shared note"));
        ObjectStore asBob = client().objectStoreAs("acl-bob");
        ObjectStore asNobody = client().objectStoreAsAnonymous();
        assertStatus(() -> asBob.bucket("s3v", "acl-shared").getKey("note.txt"), OmStatus.PERMISSION_DENIED);

        client().objectStoreAs("acl-alice").bucket("s3v", "acl-shared").setAcl(CannedAcl.PUBLIC_READ);
        assertThat(get("/acl-shared/note.txt").body()).isEqualTo("shared note");
        try (InputStream in = asNobody.bucket("s3v", "acl-shared").readKey("note.txt")) {
            assertThat(new String(in.readAllBytes(), StandardCharsets.UTF_8)).isEqualTo("shared note");
        }
        assertStatus(() -> asBob.bucket("s3v", "acl-shared").setAcl(CannedAcl.PRIVATE), OmStatus.PERMISSION_DENIED);

        alice.putBucketAcl(b -> b.bucket("acl-shared").acl(BucketCannedACL.PRIVATE));
        assertThat(client().objectStore().bucket("s3v", "acl-shared").acl().acl())
                .isEqualTo(CannedAcl.PRIVATE);
        assertStatus(() -> asNobody.bucket("s3v", "acl-shared").getKey("note.txt"), OmStatus.PERMISSION_DENIED);
    }

    @Test
    void boto3UsersGrantEachOtherAccessByHeadersAndPolicies() throws IOException, InterruptedException {
        Path script = Path.of(System.getProperty("o3.s3.scripts", "src/test/scripts"), "s3-grants.py");
        ProcessBuilder builder = new ProcessBuilder(
                        System.getProperty("o3.s3.python", "python3"),
                        script.toString(),
                        endpoint.toString(),
                        "acl-grants")
                .redirectErrorStream(true);
        builder.environment()
                .putAll(Map.of(
                        "A_KEY", aliceSecret.accessKey(),
                        "A_SECRET", aliceSecret.secret(),
                        "B_KEY", bobSecret.accessKey(),
                        "B_SECRET", bobSecret.secret(),
                        "B_ID", "acl-bob",
                        "AWS_CONFIG_FILE", "/dev/null",
                        "AWS_SHARED_CREDENTIALS_FILE", "/dev/null"));
        Process process = builder.start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(5, TimeUnit.MINUTES))
                .as("s3-grants.py finished")
                .isTrue();
        assertThat(process.exitValue()).as(output).isZero();
        assertThat(output).contains("s3 grants OK");
    }

    private HttpResponse<String> get(String path) throws IOException, InterruptedException {
        return http.send(HttpRequest.newBuilder(endpoint.resolve(path)).build(), HttpResponse.BodyHandlers.ofString());
    }

    private S3Client sdk(AwsCredentialsProvider credentials) {
        return S3Client.builder()
                .endpointOverride(endpoint)
                .region(Region.US_EAST_1)
                .forcePathStyle(true)
                .credentialsProvider(credentials)
                .build();
    }

    private static AwsCredentialsProvider credentials(S3Secret secret) {
        return StaticCredentialsProvider.create(AwsBasicCredentials.create(secret.accessKey(), secret.secret()));
    }

    private static void assertDenied(ThrowingCallable call) {
        assertThatThrownBy(call).isInstanceOfSatisfying(S3Exception.class, e -> {
            assertThat(e.statusCode()).isEqualTo(403);
            assertThat(e.awsErrorDetails().errorCode()).isEqualTo("AccessDenied");
        });
    }

    private static void assertStatus(ThrowingCallable call, OmStatus status) {
        assertThatThrownBy(call).isInstanceOfSatisfying(OmException.class, e -> assertThat(e.status())
                .isEqualTo(status));
    }
}
