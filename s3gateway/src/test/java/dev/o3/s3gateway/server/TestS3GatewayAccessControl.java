package dev.o3.s3gateway.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import software.amazon.awssdk.auth.credentials.AnonymousCredentialsProvider;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.AccessControlPolicy;
import software.amazon.awssdk.services.s3.model.BucketCannedACL;
import software.amazon.awssdk.services.s3.model.GetBucketAclResponse;
import software.amazon.awssdk.services.s3.model.Grant;
import software.amazon.awssdk.services.s3.model.Grantee;
import software.amazon.awssdk.services.s3.model.ObjectCannedACL;
import software.amazon.awssdk.services.s3.model.Owner;
import software.amazon.awssdk.services.s3.model.Permission;
import software.amazon.awssdk.services.s3.model.S3Exception;
import software.amazon.awssdk.services.s3.model.S3Object;
import software.amazon.awssdk.services.s3.model.Type;

/** Who may do what through the gateway: signatures, owners, canned ACLs and anonymous requests, with the AWS SDK v2. */
@Timeout(60)
class TestS3GatewayAccessControl {
    private static InMemoryGateway gateway;
    private static S3Client s3;

    @BeforeAll
    static void start() {
        gateway = new InMemoryGateway();
        s3 = gateway.client(InMemoryGateway.ACCESS_KEY, InMemoryGateway.SECRET);
    }

    @AfterAll
    static void stop() {
        if (s3 != null) {
            s3.close();
        }
        if (gateway != null) {
            gateway.close();
        }
    }

    @Test
    void rejectsAWrongSecretAndOtherUsersBuckets() {
        s3.createBucket(b -> b.bucket("private"));
        try (S3Client wrong = gateway.client(InMemoryGateway.ACCESS_KEY, "not-the-secret");
                S3Client bob = gateway.client("bob-key", "bob-secret");
                S3Client unknown = gateway.client("nobody", "x")) {
            S3Exception signature = InMemoryGateway.s3Error(wrong::listBuckets);
            assertThat(signature.statusCode()).isEqualTo(403);
            assertThat(signature.awsErrorDetails().errorCode()).isEqualTo("SignatureDoesNotMatch");
            S3Exception denied = InMemoryGateway.s3Error(() -> bob.listObjectsV2(b -> b.bucket("private")));
            assertThat(denied.awsErrorDetails().errorCode()).isEqualTo("AccessDenied");
            assertThat(InMemoryGateway.s3Error(unknown::listBuckets)
                            .awsErrorDetails()
                            .errorCode())
                    .isEqualTo("InvalidAccessKeyId");
            assertThat(bob.listBuckets().buckets()).extracting(b -> b.name()).doesNotContain("private");
        }
    }

    @Test
    void publicReadLetsAnyoneReadAndListButOnlyTheOwnerWrite() throws IOException, InterruptedException {
        s3.createBucket(b -> b.bucket("shared").acl(BucketCannedACL.PUBLIC_READ));
        s3.putObject(b -> b.bucket("shared").key("doc"), RequestBody.fromString("for all", StandardCharsets.UTF_8));

        HttpResponse<String> plain = anonymousGet("/shared/doc");
        assertThat(plain.statusCode()).isEqualTo(200);
        assertThat(plain.body()).isEqualTo("for all");
        try (S3Client anonymous = anonymousClient();
                S3Client bob = gateway.client("bob-key", "bob-secret")) {
            assertThat(anonymous.listObjectsV2(b -> b.bucket("shared")).contents())
                    .extracting(S3Object::key)
                    .containsExactly("doc");
            assertThat(anonymous
                            .headBucket(b -> b.bucket("shared"))
                            .sdkHttpResponse()
                            .statusCode())
                    .isEqualTo(200);
            assertThat(bob.getObjectAsBytes(b -> b.bucket("shared").key("doc")).asUtf8String())
                    .isEqualTo("for all");
            for (S3Client other : List.of(anonymous, bob)) {
                S3Exception denied = InMemoryGateway.s3Error(
                        () -> other.putObject(b -> b.bucket("shared").key("x"), RequestBody.fromString("x")));
                assertThat(denied.statusCode()).isEqualTo(403);
                assertThat(denied.awsErrorDetails().errorCode()).isEqualTo("AccessDenied");
                assertThat(InMemoryGateway.s3Error(() -> other.deleteObject(
                                        b -> b.bucket("shared").key("doc")))
                                .awsErrorDetails()
                                .errorCode())
                        .isEqualTo("AccessDenied");
                assertThat(InMemoryGateway.s3Error(() -> other.getBucketAcl(b -> b.bucket("shared")))
                                .awsErrorDetails()
                                .errorCode())
                        .isEqualTo("AccessDenied");
            }
            assertThat(InMemoryGateway.s3Error(anonymous::listBuckets)
                            .awsErrorDetails()
                            .errorCode())
                    .isEqualTo("AccessDenied");
            assertThat(InMemoryGateway.s3Error(() -> anonymous.createBucket(b -> b.bucket("by-nobody")))
                            .awsErrorDetails()
                            .errorCode())
                    .isEqualTo("AccessDenied");
        }
        assertThat(anonymousGet("/shared/missing").statusCode()).isEqualTo(404);
    }

    @Test
    void bucketAclsRoundTripThroughHeadersAndPolicies() throws IOException, InterruptedException {
        s3.createBucket(b -> b.bucket("acl-bucket"));
        assertThat(s3.getBucketAcl(b -> b.bucket("acl-bucket")).grants())
                .extracting(grant -> grant.grantee().id(), Grant::permission)
                .containsExactly(tuple("alice", Permission.FULL_CONTROL));

        s3.putBucketAcl(b -> b.bucket("acl-bucket").acl(BucketCannedACL.PUBLIC_READ_WRITE));
        GetBucketAclResponse readWrite = s3.getBucketAcl(b -> b.bucket("acl-bucket"));
        assertThat(readWrite.owner().id()).isEqualTo("alice");
        assertThat(readWrite.grants())
                .extracting(
                        grant -> grant.grantee().type(),
                        grant -> grant.grantee().uri(),
                        Grant::permission)
                .containsExactly(
                        tuple(Type.CANONICAL_USER, null, Permission.FULL_CONTROL),
                        tuple(Type.GROUP, "http://acs.amazonaws.com/groups/global/AllUsers", Permission.READ),
                        tuple(Type.GROUP, "http://acs.amazonaws.com/groups/global/AllUsers", Permission.WRITE));
        try (S3Client anonymous = anonymousClient()) {
            anonymous.putObject(b -> b.bucket("acl-bucket").key("dropped"), RequestBody.fromString("hello"));
        }
        assertThat(s3.getObjectAsBytes(b -> b.bucket("acl-bucket").key("dropped"))
                        .asUtf8String())
                .isEqualTo("hello");
        HttpResponse<String> unsignedChunks = HttpClient.newHttpClient()
                .send(
                        HttpRequest.newBuilder(gateway.endpoint().resolve("/acl-bucket/chunked"))
                                .header("x-amz-content-sha256", "STREAMING-AWS4-HMAC-SHA256-PAYLOAD")
                                .PUT(HttpRequest.BodyPublishers.ofString("0;chunk-signature=x\r\n\r\n"))
                                .build(),
                        HttpResponse.BodyHandlers.ofString());
        assertThat(unsignedChunks.statusCode())
                .as("signed chunks without a signed request")
                .isEqualTo(403);

        s3.putBucketAcl(b -> b.bucket("acl-bucket")
                .accessControlPolicy(policy(
                        readWrite.owner(),
                        readWrite.grants().get(0),
                        Grant.builder()
                                .grantee(Grantee.builder()
                                        .type(Type.GROUP)
                                        .uri("http://acs.amazonaws.com/groups/global/AuthenticatedUsers")
                                        .build())
                                .permission(Permission.READ)
                                .build())));
        assertThat(s3.getBucketAcl(b -> b.bucket("acl-bucket")).grants())
                .extracting(grant -> grant.grantee().uri())
                .containsExactly(null, "http://acs.amazonaws.com/groups/global/AuthenticatedUsers");
        try (S3Client anonymous = anonymousClient();
                S3Client bob = gateway.client("bob-key", "bob-secret")) {
            assertThat(bob.getObjectAsBytes(b -> b.bucket("acl-bucket").key("dropped"))
                            .asUtf8String())
                    .isEqualTo("hello");
            assertThat(InMemoryGateway.s3Error(() -> anonymous.getObjectAsBytes(
                                    b -> b.bucket("acl-bucket").key("dropped")))
                            .statusCode())
                    .isEqualTo(403);
        }

        s3.putBucketAcl(b -> b.bucket("acl-bucket")
                .accessControlPolicy(policy(
                        readWrite.owner(),
                        Grant.builder()
                                .grantee(Grantee.builder()
                                        .type(Type.CANONICAL_USER)
                                        .id("bob")
                                        .build())
                                .permission(Permission.READ)
                                .build())));
        assertThat(s3.getBucketAcl(b -> b.bucket("acl-bucket")).grants())
                .as("a grant list of any user")
                .extracting(
                        grant -> grant.grantee().type(),
                        grant -> grant.grantee().id(),
                        Grant::permission)
                .containsExactly(
                        tuple(Type.CANONICAL_USER, "alice", Permission.FULL_CONTROL),
                        tuple(Type.CANONICAL_USER, "bob", Permission.READ));
        S3Exception unknown = InMemoryGateway.s3Error(
                () -> s3.createBucket(b -> b.bucket("odd-acl").acl("world-writable")));
        assertThat(unknown.awsErrorDetails().errorCode()).isEqualTo("InvalidArgument");
        s3.putBucketAcl(b -> b.bucket("acl-bucket").grantRead("uri=http://acs.amazonaws.com/groups/global/AllUsers"));
        assertThat(s3.getBucketAcl(b -> b.bucket("acl-bucket")).grants())
                .as("a grant header equal to public-read")
                .anySatisfy(grant ->
                        assertThat(grant.grantee().uri()).isEqualTo("http://acs.amazonaws.com/groups/global/AllUsers"));
        assertThat(InMemoryGateway.s3Error(() -> s3.putBucketAcl(
                                b -> b.bucket("acl-bucket").grantRead("id=bob").acl(BucketCannedACL.PRIVATE)))
                        .awsErrorDetails()
                        .errorCode())
                .as("a canned ACL and grant headers")
                .isEqualTo("InvalidRequest");
    }

    @Test
    void anObjectAclLetsOthersReadThatObjectOfAPrivateBucket() throws IOException, InterruptedException {
        s3.createBucket(b -> b.bucket("mostly-private"));
        s3.putObject(
                b -> b.bucket("mostly-private").key("public.txt").acl(ObjectCannedACL.PUBLIC_READ),
                RequestBody.fromString("open"));
        s3.putObject(b -> b.bucket("mostly-private").key("secret.txt"), RequestBody.fromString("closed"));
        s3.copyObject(b -> b.sourceBucket("mostly-private")
                .sourceKey("public.txt")
                .destinationBucket("mostly-private")
                .destinationKey("copy.txt"));

        assertThat(anonymousGet("/mostly-private/public.txt").body()).isEqualTo("open");
        assertThat(anonymousGet("/mostly-private/secret.txt").statusCode()).isEqualTo(403);
        assertThat(anonymousGet("/mostly-private/copy.txt").statusCode())
                .as("a copy does not take the source's ACL")
                .isEqualTo(403);
        assertThat(anonymousGet("/mostly-private/missing.txt").statusCode())
                .as("who may not list the bucket learns nothing of missing keys")
                .isEqualTo(403);
        assertThat(anonymousGet("/mostly-private?list-type=2").statusCode()).isEqualTo(403);
        assertThat(s3.getObjectAcl(b -> b.bucket("mostly-private").key("public.txt"))
                        .grants())
                .extracting(grant -> grant.grantee().uri(), Grant::permission)
                .containsExactly(
                        tuple(null, Permission.FULL_CONTROL),
                        tuple("http://acs.amazonaws.com/groups/global/AllUsers", Permission.READ));

        s3.putObjectAcl(b -> b.bucket("mostly-private").key("public.txt").acl(ObjectCannedACL.PRIVATE));
        s3.putObjectAcl(b -> b.bucket("mostly-private").key("secret.txt").acl(ObjectCannedACL.PUBLIC_READ));
        assertThat(anonymousGet("/mostly-private/public.txt").statusCode()).isEqualTo(403);
        assertThat(anonymousGet("/mostly-private/secret.txt").body()).isEqualTo("closed");
        try (S3Client bob = gateway.client("bob-key", "bob-secret")) {
            assertThat(InMemoryGateway.s3Error(() -> bob.putObjectAcl(b ->
                                    b.bucket("mostly-private").key("secret.txt").acl(ObjectCannedACL.PRIVATE)))
                            .awsErrorDetails()
                            .errorCode())
                    .isEqualTo("AccessDenied");
        }
        assertThat(InMemoryGateway.s3Error(() ->
                                s3.getObjectAcl(b -> b.bucket("mostly-private").key("nope")))
                        .statusCode())
                .isEqualTo(404);
    }

    private static AccessControlPolicy policy(Owner owner, Grant... grants) {
        return AccessControlPolicy.builder().owner(owner).grants(grants).build();
    }

    private static S3Client anonymousClient() {
        return S3Client.builder()
                .endpointOverride(gateway.endpoint())
                .region(Region.US_EAST_1)
                .forcePathStyle(true)
                .credentialsProvider(AnonymousCredentialsProvider.create())
                .build();
    }

    private static HttpResponse<String> anonymousGet(String path) throws IOException, InterruptedException {
        return HttpClient.newHttpClient()
                .send(
                        HttpRequest.newBuilder(gateway.endpoint().resolve(path)).build(),
                        HttpResponse.BodyHandlers.ofString());
    }
}
