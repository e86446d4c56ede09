package dev.o3.test.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.o3.client.admin.ScmAdminClient;
import dev.o3.client.api.OzoneClient;
import dev.o3.client.config.ClientConfigKeys;
import dev.o3.client.om.OmException;
import dev.o3.common.config.HostAndPort;
import dev.o3.common.grpc.GrpcConfig;
import dev.o3.common.grpc.GrpcFactory;
import dev.o3.common.security.CredentialFile;
import dev.o3.common.security.RequestSignature;
import dev.o3.common.security.SignatureHeaders;
import dev.o3.common.security.UserCredential;
import dev.o3.minicluster.MiniO3Cluster;
import dev.o3.om.server.OzoneManagerServer;
import dev.o3.proto.om.CallAuth;
import dev.o3.proto.om.CreateVolumeRequest;
import dev.o3.proto.om.CreateVolumeResponse;
import dev.o3.proto.om.OmStatus;
import dev.o3.proto.om.OzoneManagerServiceGrpc;
import dev.o3.proto.om.VerifySignatureRequest;
import dev.o3.proto.om.VolumeInfo;
import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.stub.MetadataUtils;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Three OMs with mutual TLS and signed calls: a signature one OM saw cannot be used again at another. A write's
 * signature covers its request id, so a write a follower saw (and answered NOT_LEADER), replayed to the leader after
 * the client's own retry went through, is answered from the replicated retry cache and not applied again; stripping
 * or changing the id breaks the signature. Only the leader checks SCM's signatures (VerifySignature), so a follower
 * that has not applied a brand-new key yet never refuses an administrator at SCM.
 */
@Tag("integration")
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class ReplayAcrossOmsIT {
    private static final Duration WAIT = Duration.ofSeconds(90);
    private static final String CREATE_VOLUME =
            OzoneManagerServiceGrpc.getCreateVolumeMethod().getFullMethodName();

    @TempDir
    static Path directory;

    private MiniO3Cluster cluster;
    private final List<ManagedChannel> channels = new ArrayList<>();

    @BeforeAll
    void start() {
        cluster = MiniO3Cluster.builder(directory)
                .numOMs(3)
                .numDatanodes(1)
                .conf("ozone.administrators", "carol")
                .tls()
                .secure()
                .build()
                .newCluster()
                .start();
        cluster.waitForOmLeader(WAIT);
    }

    @AfterAll
    void stop() {
        channels.forEach(ManagedChannel::shutdownNow);
        if (cluster != null) {
            cluster.close();
        }
    }

    @Test
    void aWriteAFollowerSawIsNotAppliedAgainWhenReplayedToTheLeader() {
        UserCredential admin = cluster.adminCredential();
        OzoneManagerServer leader = cluster.waitForOmLeader(WAIT);
        OzoneManagerServer follower =
                cluster.oms().stream().filter(om -> om != leader).findFirst().orElseThrow();
        String requestId = UUID.randomUUID() + "/1";
        CreateVolumeRequest create = CreateVolumeRequest.newBuilder()
                .setVolume(VolumeInfo.newBuilder()
                        .setName("replayed")
                        .setOwner(admin.accessKeyId())
                        .setQuotaInBytes(-1)
                        .setQuotaInNamespace(-1))
                .build();

        // the client's first attempt reaches a follower, which authenticates it and answers NOT_LEADER
        Metadata capturedAtFollower = signed(admin, requestId);
        assertThat(createVolume(follower, capturedAtFollower, create).getError().getStatus())
                .isEqualTo(OmStatus.NOT_LEADER);
        // the client retries at the leader, signed anew for the same request id
        assertThat(createVolume(leader, signed(admin, requestId), create).hasError())
                .isFalse();
        try (OzoneClient client = cluster.newClient(admin.accessKeyId())) {
            client.objectStore().deleteVolume("replayed");

            // a replay of what the follower saw: the leader has not seen that nonce, but the request id is signed and
            // in every OM's retry cache, so it is answered with the first reply and not applied again
            assertThat(createVolume(leader, capturedAtFollower, create).hasError())
                    .isFalse();
            assertThatThrownBy(() -> client.objectStore().getVolume("replayed").info())
                    .isInstanceOfSatisfying(
                            OmException.class, e -> assertThat(e.status()).isEqualTo(OmStatus.VOLUME_NOT_FOUND));
        }

        // a replay that drops or changes the request id to dodge the retry cache no longer matches its signature
        Metadata stripped = signed(admin, requestId);
        stripped.removeAll(clientIdKey());
        stripped.removeAll(callIdKey());
        assertRefused(() -> createVolume(leader, stripped, create), "does not match");
        Metadata renumbered = signed(admin, requestId);
        renumbered.removeAll(callIdKey());
        renumbered.put(callIdKey(), "2");
        assertRefused(() -> createVolume(leader, renumbered, create), "does not match");
    }

    @Test
    void onlyTheLeaderChecksScmsSignaturesSoABrandNewKeyWorksAtOnce() throws Exception {
        String method = "o3.scm.ScmAdminService/ListDatanodes";
        OzoneManagerServer leader = cluster.waitForOmLeader(WAIT);
        UserCredential carol = cluster.credential("carol");
        for (OzoneManagerServer om : cluster.oms()) {
            VerifySignatureRequest request = VerifySignatureRequest.newBuilder()
                    .setMethod(method)
                    .setAuth(auth(RequestSignature.sign(carol, "", false, method, System.currentTimeMillis())))
                    .build();
            var stub = OzoneManagerServiceGrpc.newBlockingStub(channel(om)).withDeadlineAfter(20, TimeUnit.SECONDS);
            if (om == leader) {
                var answer = stub.verifySignature(request);
                assertThat(answer.hasError()).isFalse();
                assertThat(answer.getUser()).isEqualTo("carol");
                assertThat(answer.getAdmin()).isTrue();
            } else {
                assertThatThrownBy(() -> stub.verifySignature(request))
                        .isInstanceOfSatisfying(
                                StatusRuntimeException.class,
                                e -> assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.UNAVAILABLE))
                        .hasMessageContaining("not the leader");
            }
        }
        // an administrator's key used at SCM the moment OM made it, five times over: SCM asks the leader, which made it
        for (int i = 0; i < 5; i++) {
            try (OzoneClient admin = cluster.newClient(cluster.adminCredential().accessKeyId())) {
                admin.objectStore().revokeS3Secret("carol");
            }
            Path file = directory.resolve("carol-" + i + ".credentials");
            CredentialFile.write(file, cluster.credential("carol"));
            try (ScmAdminClient scm = new ScmAdminClient(
                    cluster.clientConfiguration().with(ClientConfigKeys.CREDENTIALS_FILE.name(), file.toString()))) {
                assertThat(scm.datanodes()).hasSize(1);
            }
        }
    }

    private CreateVolumeResponse createVolume(OzoneManagerServer om, Metadata headers, CreateVolumeRequest request) {
        return OzoneManagerServiceGrpc.newBlockingStub(channel(om))
                .withInterceptors(MetadataUtils.newAttachHeadersInterceptor(headers))
                .withDeadlineAfter(20, TimeUnit.SECONDS)
                .createVolume(request);
    }

    private ManagedChannel channel(OzoneManagerServer om) {
        ManagedChannel channel = GrpcFactory.channel(
                new HostAndPort("127.0.0.1", om.clientPort()), GrpcConfig.from(cluster.clientConfiguration()));
        channels.add(channel);
        return channel;
    }

    /** A CreateVolume signed by {@code credential} now, carrying {@code requestId} as the client library sends it. */
    private static Metadata signed(UserCredential credential, String requestId) {
        Metadata headers = new Metadata();
        SignatureHeaders.put(
                headers,
                RequestSignature.sign(
                        credential,
                        "",
                        false,
                        SignatureHeaders.signedMethod(CREATE_VOLUME, requestId),
                        System.currentTimeMillis()));
        headers.put(clientIdKey(), requestId.substring(0, requestId.indexOf('/')));
        headers.put(callIdKey(), requestId.substring(requestId.indexOf('/') + 1));
        return headers;
    }

    private static Metadata.Key<String> clientIdKey() {
        return Metadata.Key.of("o3-client-id", Metadata.ASCII_STRING_MARSHALLER);
    }

    private static Metadata.Key<String> callIdKey() {
        return Metadata.Key.of("o3-call-id", Metadata.ASCII_STRING_MARSHALLER);
    }

    private static CallAuth auth(RequestSignature signature) {
        return CallAuth.newBuilder()
                .setAccessKey(signature.accessKeyId())
                .setTimeMillis(signature.timeMillis())
                .setNonce(signature.nonce())
                .setSignature(signature.signature())
                .build();
    }

    private static void assertRefused(org.assertj.core.api.ThrowableAssert.ThrowingCallable call, String reason) {
        assertThatThrownBy(call)
                .isInstanceOfSatisfying(
                        StatusRuntimeException.class,
                        e -> assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.UNAUTHENTICATED))
                .hasMessageContaining(reason);
    }
}
