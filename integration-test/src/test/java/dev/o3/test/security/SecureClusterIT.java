package dev.o3.test.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.o3.client.admin.ScmAdminClient;
import dev.o3.client.api.OzoneClient;
import dev.o3.client.config.ClientConfigKeys;
import dev.o3.client.om.OmException;
import dev.o3.common.config.CommonConfigKeys;
import dev.o3.common.config.HostAndPort;
import dev.o3.common.grpc.GrpcConfig;
import dev.o3.common.grpc.GrpcFactory;
import dev.o3.common.security.CredentialFile;
import dev.o3.common.security.RequestSignature;
import dev.o3.common.security.SignatureHeaders;
import dev.o3.common.security.UserCredential;
import dev.o3.minicluster.MiniO3Cluster;
import dev.o3.proto.om.CallAuth;
import dev.o3.proto.om.LookupKeyRequest;
import dev.o3.proto.om.LookupKeyResponse;
import dev.o3.proto.om.OmCall;
import dev.o3.proto.om.OmReply;
import dev.o3.proto.om.OmStatus;
import dev.o3.proto.om.OzoneManagerServiceGrpc;
import dev.o3.proto.om.VerifySignatureRequest;
import io.grpc.CallOptions;
import io.grpc.ClientInterceptors;
import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.MethodDescriptor;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.stub.ClientCalls;
import io.grpc.stub.MetadataUtils;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.s3.S3Client;

/**
 * A secure cluster (mutual TLS, signed native calls, block tokens) on real sockets: every OM operation refuses a
 * caller without a valid signature, whatever it claims; a signature is good once and only near its time; a user is
 * not an administrator (neither on OM nor on SCM) and cannot read another user's secret; the S3 gateway acts for the
 * user whose SigV4 signature it checked, and only such a trusted proxy may name its client's address (aws:SourceIp).
 * Every channel is mutual TLS: the signatures ride on it.
 */
@Tag("integration")
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class SecureClusterIT {
    private static final String ALICE = "alice";
    private static final Duration DEADLINE = Duration.ofSeconds(20);
    private static final Metadata.Key<String> SOURCE_IP =
            Metadata.Key.of("o3-source-ip", Metadata.ASCII_STRING_MARSHALLER);

    @TempDir
    static Path directory;

    private MiniO3Cluster cluster;
    private ManagedChannel channel;
    private UserCredential alice;

    @BeforeAll
    void start() {
        cluster = MiniO3Cluster.builder(directory)
                .numDatanodes(3)
                .withS3Gateway()
                .conf("ozone.scm.datanode.pipeline.limit", "1")
                .tls()
                .secure()
                .build()
                .newCluster()
                .start();
        cluster.waitForOmLeader(Duration.ofSeconds(60));
        cluster.waitForOpenPipelines(1, Duration.ofSeconds(90));
        alice = cluster.credential(ALICE);
        String om = cluster.clientConfiguration().explicitValues().get("ozone.om.address");
        // Mutual TLS with the cluster CA, as every client of this cluster: the signatures ride on the TLS channel.
        channel = GrpcFactory.channel(
                HostAndPort.parse(om, CommonConfigKeys.OM_PORT), GrpcConfig.from(cluster.clientConfiguration()));
    }

    @AfterAll
    void stop() {
        if (channel != null) {
            channel.shutdownNow();
        }
        if (cluster != null) {
            cluster.close();
        }
    }

    @Test
    void everyOmOperationRefusesAMissingForgedStaleOrBorrowedIdentity() {
        UserCredential forged = new UserCredential(ALICE, "not-alices-secret");
        List<String> checked = new ArrayList<>();
        for (MethodDescriptor<?, ?> method :
                OzoneManagerServiceGrpc.getServiceDescriptor().getMethods()) {
            if (method.getType() != MethodDescriptor.MethodType.UNARY
                    || method.equals(OzoneManagerServiceGrpc.getVerifySignatureMethod())) {
                continue;
            }
            String name = method.getFullMethodName();
            Metadata claimsRoot = new Metadata();
            claimsRoot.put(SignatureHeaders.USER, "root");
            assertUnauthenticated(method, claimsRoot, "no credential");

            assertUnauthenticated(method, signed(forged, "", false, name, now()), "does not match");

            assertUnauthenticated(method, signed(alice, "", false, name, now() - 600_000), "clock skew");

            assertUnauthenticated(method, signed(alice, "root", false, name, now()), "not a trusted proxy");
            assertUnauthenticated(method, signed(alice, "", true, name, now()), "not a trusted proxy");

            assertUnauthenticated(method, signed(alice, "", false, name + "x", now()), "does not match");
            checked.add(method.getBareMethodName());
        }
        assertThat(checked).contains("CreateVolume", "GetS3Secret", "LookupKey", "ServiceInfo", "RevokeS3Secret");
    }

    @Test
    void aSignatureIsAcceptedOnce() {
        var info = OzoneManagerServiceGrpc.getInfoVolumeMethod();
        Metadata headers = signed(alice, "", false, info.getFullMethodName(), now());

        assertThat(statusOf(info, headers).getCode()).isEqualTo(Status.Code.OK);

        Status replayed = statusOf(info, headers);
        assertThat(replayed.getCode()).isEqualTo(Status.Code.UNAUTHENTICATED);
        assertThat(replayed.getDescription()).contains("replayed");
    }

    @Test
    void everyCallOnTheStreamIsAuthenticated() throws Exception {
        String lookup = OzoneManagerServiceGrpc.getCallsMethod().getFullMethodName() + "/LOOKUP_KEY";
        OmCall.Builder call = OmCall.newBuilder()
                .setLookupKey(LookupKeyRequest.newBuilder()
                        .setVolume("v")
                        .setBucket("b")
                        .setName("k"));

        OmReply unsigned =
                CallStreamProbe.send(channel, call.clone().setUser(ALICE).build());
        assertThat(unsigned.getError().getStatus()).isEqualTo(OmStatus.UNAUTHENTICATED);
        assertThat(unsigned.getError().getMessage()).contains("no credential");

        OmReply forged = CallStreamProbe.send(
                channel,
                call.clone()
                        .setAuth(auth(
                                RequestSignature.sign(new UserCredential(ALICE, "guess"), "", false, lookup, now())))
                        .build());
        assertThat(forged.getError().getStatus()).isEqualTo(OmStatus.UNAUTHENTICATED);

        OmReply otherCall = CallStreamProbe.send(
                channel,
                call.clone()
                        .setAuth(auth(
                                RequestSignature.sign(alice, "", false, lookup.replace("LOOKUP", "COMMIT"), now())))
                        .build());
        assertThat(otherCall.getError().getStatus()).isEqualTo(OmStatus.UNAUTHENTICATED);

        OmReply genuine = CallStreamProbe.send(
                channel,
                call.clone()
                        .setAuth(auth(RequestSignature.sign(alice, "", false, lookup, now())))
                        .build());
        assertThat(genuine.getResponseCase()).isEqualTo(OmReply.ResponseCase.LOOKUP_KEY);
        assertThat(genuine.getLookupKey().getError().getStatus()).isEqualTo(OmStatus.VOLUME_NOT_FOUND);
    }

    @Test
    void aUserIsNoAdministratorAndCannotReadAnotherUsersSecret() {
        try (OzoneClient client = cluster.newClient(ALICE)) {
            assertThatThrownBy(() -> client.objectStore().getS3Secret("bob"))
                    .isInstanceOfSatisfying(
                            OmException.class, e -> assertThat(e.status()).isEqualTo(OmStatus.PERMISSION_DENIED));
            assertThatThrownBy(() -> client.objectStore().existingS3Secret(adminName()))
                    .isInstanceOfSatisfying(
                            OmException.class, e -> assertThat(e.status()).isEqualTo(OmStatus.PERMISSION_DENIED));
            assertThatThrownBy(() -> client.objectStore().createVolume("alices", Optional.empty()))
                    .isInstanceOfSatisfying(
                            OmException.class, e -> assertThat(e.status()).isEqualTo(OmStatus.PERMISSION_DENIED));
            assertThat(client.objectStore().existingS3Secret(ALICE).secret()).isEqualTo(alice.secret());
        }
        try (OzoneClient admin = cluster.newClient(adminName())) {
            assertThat(admin.objectStore().existingS3Secret(ALICE).secret()).isEqualTo(alice.secret());
        }
    }

    @Test
    void scmAdminCommandsNeedAnAdministratorsSignature() throws IOException {
        Path alicesFile = directory.resolve("alice.credentials");
        CredentialFile.write(alicesFile, alice);
        Path adminsFile = directory.resolve("admin.credentials");
        CredentialFile.write(adminsFile, cluster.adminCredential());

        try (ScmAdminClient scm = scmAdmin(directory.resolve("none"))) {
            assertThatThrownBy(scm::datanodes).isInstanceOf(IOException.class).hasMessageContaining("UNAUTHENTICATED");
        }
        try (ScmAdminClient scm = scmAdmin(alicesFile)) {
            assertThatThrownBy(scm::datanodes)
                    .isInstanceOf(IOException.class)
                    .hasMessageContaining("PERMISSION_DENIED")
                    .hasMessageContaining("alice is not an administrator");
        }
        try (ScmAdminClient scm = scmAdmin(adminsFile)) {
            assertThat(scm.datanodes()).hasSize(3);
        }
    }

    @Test
    void verifySignatureVouchesOnlyForGenuineSignatures() {
        String method = "o3.scm.ScmAdminService/ListDatanodes";
        var stub = OzoneManagerServiceGrpc.newBlockingStub(channel).withDeadlineAfter(20, TimeUnit.SECONDS);
        RequestSignature genuine = RequestSignature.sign(alice, "", false, method, now());
        VerifySignatureRequest request = VerifySignatureRequest.newBuilder()
                .setMethod(method)
                .setAuth(auth(genuine))
                .build();

        var first = stub.verifySignature(request);
        assertThat(first.hasError()).isFalse();
        assertThat(first.getUser()).isEqualTo(ALICE);
        assertThat(first.getAdmin()).isFalse();
        assertThat(stub.verifySignature(request).getError().getStatus()).isEqualTo(OmStatus.UNAUTHENTICATED);
        assertThat(stub.verifySignature(
                                request.toBuilder().setMethod(method + "x").build())
                        .getError()
                        .getStatus())
                .isEqualTo(OmStatus.UNAUTHENTICATED);
    }

    @Test
    void theGatewayActsForTheUserWhoseS3SignatureItChecked() {
        try (S3Client s3 = s3Client(alice)) {
            s3.createBucket(b -> b.bucket("alices-bucket"));
            s3.putObject(b -> b.bucket("alices-bucket").key("k"), RequestBody.fromString("hello"));
            assertThat(s3.getObjectAsBytes(b -> b.bucket("alices-bucket").key("k"))
                            .asString(StandardCharsets.UTF_8))
                    .isEqualTo("hello");
        }
        try (OzoneClient admin = cluster.newClient(adminName())) {
            assertThat(admin.objectStore()
                            .getVolume("s3v")
                            .getBucket("alices-bucket")
                            .info()
                            .owner())
                    .isEqualTo(ALICE);
        }
    }

    @Test
    void onlyATrustedProxyMayNameItsClientsAddress() {
        String policy = "{\"Version\":\"2012-10-17\",\"Statement\":[{\"Effect\":\"Allow\",\"Principal\":\"*\","
                + "\"Action\":\"s3:GetObject\",\"Resource\":\"arn:aws:s3:::ip-bucket/*\","
                + "\"Condition\":{\"IpAddress\":{\"aws:SourceIp\":\"10.9.9.9/32\"}}}]}";
        try (S3Client s3 = s3Client(cluster.adminCredential())) {
            s3.createBucket(b -> b.bucket("ip-bucket"));
            s3.putObject(b -> b.bucket("ip-bucket").key("k"), RequestBody.fromString("hello"));
            s3.putBucketPolicy(b -> b.bucket("ip-bucket").policy(policy));
        }
        var lookup = OzoneManagerServiceGrpc.getLookupKeyMethod();
        LookupKeyRequest request = LookupKeyRequest.newBuilder()
                .setVolume("s3v")
                .setBucket("ip-bucket")
                .setName("k")
                .build();

        Metadata alicesClaim = signed(alice, "", false, lookup.getFullMethodName(), now());
        alicesClaim.put(SOURCE_IP, "10.9.9.9");
        assertThat(lookupAs(alicesClaim, request).getError().getStatus())
                .as("alice is no proxy: her call is from 127.0.0.1 whatever she claims")
                .isEqualTo(OmStatus.PERMISSION_DENIED);

        Metadata proxied = signed(cluster.adminCredential(), ALICE, false, lookup.getFullMethodName(), now());
        proxied.put(SOURCE_IP, "10.9.9.9");
        assertThat(lookupAs(proxied, request).hasError())
                .as("OM's own user is a trusted proxy: the address it names is believed")
                .isFalse();
    }

    private LookupKeyResponse lookupAs(Metadata headers, LookupKeyRequest request) {
        return OzoneManagerServiceGrpc.newBlockingStub(
                        ClientInterceptors.intercept(channel, MetadataUtils.newAttachHeadersInterceptor(headers)))
                .withDeadlineAfter(DEADLINE.toMillis(), TimeUnit.MILLISECONDS)
                .lookupKey(request);
    }

    private S3Client s3Client(UserCredential credential) {
        return S3Client.builder()
                .endpointOverride(URI.create(
                        "http://127.0.0.1:" + cluster.gateway().orElseThrow().port()))
                .region(Region.US_EAST_1)
                .forcePathStyle(true)
                .credentialsProvider(StaticCredentialsProvider.create(
                        AwsBasicCredentials.create(credential.accessKeyId(), credential.secret())))
                .build();
    }

    private ScmAdminClient scmAdmin(Path credentials) {
        return new ScmAdminClient(
                cluster.clientConfiguration().with(ClientConfigKeys.CREDENTIALS_FILE.name(), credentials.toString()));
    }

    private String adminName() {
        return cluster.adminCredential().accessKeyId();
    }

    private void assertUnauthenticated(MethodDescriptor<?, ?> method, Metadata headers, String reason) {
        Status status = statusOf(method, headers);
        assertThat(status.getCode())
                .as("%s with %s", method.getBareMethodName(), reason)
                .isEqualTo(Status.Code.UNAUTHENTICATED);
        assertThat(status.getDescription())
                .as("%s with %s", method.getBareMethodName(), reason)
                .startsWith("authentication failed")
                .contains(reason);
    }

    /** Calls {@code method} with its empty request and {@code headers}; the status it ends with. */
    private <Q, R> Status statusOf(MethodDescriptor<Q, R> method, Metadata headers) {
        @SuppressWarnings("unchecked")
        Q request = ((MethodDescriptor.PrototypeMarshaller<Q>) method.getRequestMarshaller()).getMessagePrototype();
        try {
            ClientCalls.blockingUnaryCall(
                    ClientInterceptors.intercept(channel, MetadataUtils.newAttachHeadersInterceptor(headers)),
                    method,
                    CallOptions.DEFAULT.withDeadlineAfter(DEADLINE.toMillis(), TimeUnit.MILLISECONDS),
                    request);
            return Status.OK;
        } catch (StatusRuntimeException e) {
            return e.getStatus();
        }
    }

    private static Metadata signed(
            UserCredential credential, String user, boolean anonymous, String method, long timeMillis) {
        Metadata headers = new Metadata();
        SignatureHeaders.put(headers, RequestSignature.sign(credential, user, anonymous, method, timeMillis));
        if (!user.isEmpty()) {
            headers.put(SignatureHeaders.USER, user);
        }
        if (anonymous) {
            headers.put(SignatureHeaders.ANONYMOUS, "true");
        }
        return headers;
    }

    private static CallAuth auth(RequestSignature signature) {
        return CallAuth.newBuilder()
                .setAccessKey(signature.accessKeyId())
                .setTimeMillis(signature.timeMillis())
                .setNonce(signature.nonce())
                .setSignature(signature.signature())
                .build();
    }

    private static long now() {
        return System.currentTimeMillis();
    }
}
