package dev.o3.test.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.protobuf.ByteString;
import dev.o3.client.admin.ScmAdminClient;
import dev.o3.client.api.OzoneBucket;
import dev.o3.client.api.OzoneClient;
import dev.o3.client.config.ClientConfigKeys;
import dev.o3.client.io.KeyInputStream;
import dev.o3.client.read.ContainerReadClient;
import dev.o3.common.container.ContainerCommandException;
import dev.o3.common.grpc.GrpcConfig;
import dev.o3.common.ratis.ContainerRatisClient;
import dev.o3.common.ratis.RatisClientOptions;
import dev.o3.common.security.BlockTokenKeys;
import dev.o3.common.security.ContainerTokenSigner;
import dev.o3.common.security.CredentialFile;
import dev.o3.common.security.UserCredential;
import dev.o3.minicluster.MiniO3Cluster;
import dev.o3.proto.container.ContainerResult;
import dev.o3.proto.hdds.BlockLocation;
import dev.o3.proto.hdds.ContainerState;
import dev.o3.proto.hdds.DatanodeDetails;
import dev.o3.proto.hdds.SecretKeyProto;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Container tokens on a secure cluster (mutual TLS, signed calls): ListBlock on a datanode's read service and
 * CloseContainer through a pipeline are refused without a container token from SCM for that container, or with a
 * forged, expired, another container's or a block token; a non-administrator gets none from SCM; an administrator's
 * lists the blocks; and the admin close (SCM's order, the datanode's own token) still closes the container.
 */
@Tag("integration")
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class ContainerTokenIT {
    private static final Duration DEADLINE = Duration.ofSeconds(60);

    @TempDir
    static Path directory;

    private MiniO3Cluster cluster;
    private UserCredential alice;

    @BeforeAll
    void start() {
        cluster = MiniO3Cluster.builder(directory)
                .numDatanodes(3)
                .conf("ozone.scm.datanode.pipeline.limit", "1")
                .tls()
                .secure()
                .build()
                .newCluster()
                .start();
        cluster.waitForOmLeader(DEADLINE);
        cluster.waitForOpenPipelines(1, Duration.ofSeconds(90));
        alice = cluster.credential("alice");
    }

    @AfterAll
    void stop() {
        if (cluster != null) {
            cluster.close();
        }
    }

    @Test
    void containerCommandsNeedAContainerTokenFromScm() throws Exception {
        BlockLocation block;
        try (OzoneClient admin = cluster.newClient(adminName())) {
            admin.objectStore().createVolume("containers", Optional.empty());
            admin.objectStore().getVolume("containers").createBucket("tokens", "OBJECT_STORE", 3);
            OzoneBucket bucket = admin.objectStore().getVolume("containers").getBucket("tokens");
            try (OutputStream out = bucket.createKey("k", 4096, Map.of())) {
                out.write(new byte[4096]);
            }
            try (KeyInputStream in = bucket.readKey("k")) {
                block = in.blocks().get(0);
            }
        }
        long container = block.getBlockId().getContainerId();
        Path adminsFile = directory.resolve("container-admin.credentials");
        CredentialFile.write(adminsFile, cluster.adminCredential());
        Path alicesFile = directory.resolve("container-alice.credentials");
        CredentialFile.write(alicesFile, alice);
        SecretKeyProto current = cluster.scm().secretKeys().stream()
                .filter(key -> key.getActivationMillis() <= now())
                .reduce((older, newer) -> newer)
                .orElseThrow();
        BlockTokenKeys stolenId = BlockTokenKeys.fromScm();
        stolenId.update(List.of(current.toBuilder()
                .setKey(ByteString.copyFromUtf8("a guessed key"))
                .build()));
        BlockTokenKeys real = BlockTokenKeys.fromScm();
        real.update(List.of(current));
        ByteString forged =
                new ContainerTokenSigner(stolenId, Clock.systemUTC(), Duration.ofHours(1)).sign(container, "eve");
        ByteString expired = new ContainerTokenSigner(
                        real,
                        Clock.fixed(Instant.ofEpochMilli(current.getActivationMillis()), ZoneOffset.UTC),
                        Duration.ofMillis(1))
                .sign(container, "eve");

        try (ScmAdminClient scm = scmAdmin(alicesFile)) {
            assertThatThrownBy(() -> scm.containerToken(container))
                    .isInstanceOf(IOException.class)
                    .hasMessageContaining("PERMISSION_DENIED");
        }
        try (ScmAdminClient scm = scmAdmin(adminsFile);
                ContainerReadClient reader =
                        ContainerReadClient.connect(leaderOf(block), GrpcConfig.from(cluster.clientConfiguration()));
                ContainerRatisClient pipeline = ContainerRatisClient.connect(
                        block.getPipeline(),
                        RatisClientOptions.DEFAULT,
                        GrpcConfig.from(cluster.clientConfiguration()).security())) {
            ByteString token = scm.containerToken(container);
            ByteString otherContainers = scm.containerToken(container + 1);
            assertContainerTokenRefused(
                    () -> reader.listBlocks(container, 0, 10, ByteString.EMPTY), "no container token");
            assertContainerTokenRefused(() -> reader.listBlocks(container, 0, 10, forged), "bad signature");
            assertContainerTokenRefused(() -> reader.listBlocks(container, 0, 10, expired), "expired at");
            assertContainerTokenRefused(
                    () -> reader.listBlocks(container, 0, 10, otherContainers),
                    "container token for container " + (container + 1) + " used for container " + container);
            assertContainerTokenRefused(() -> reader.listBlocks(container, 0, 10, block.getToken()), "container token");
            assertThat(reader.listBlocks(container, 0, 10, token).get(20, TimeUnit.SECONDS))
                    .extracting(listed -> listed.getBlockId().getLocalId())
                    .contains(block.getBlockId().getLocalId());

            for (ByteString refused : List.of(ByteString.EMPTY, forged, expired, otherContainers)) {
                assertContainerTokenRefused(() -> pipeline.closeContainer(container, refused), "container token");
            }
            assertThat(scm.container(container).getContainer().getState()).isEqualTo(ContainerState.CONTAINER_OPEN);

            // `ozone admin container close`: SCM orders it, the pipeline's leader closes with a token of its own
            scm.closeContainer(container);
            long deadline = System.nanoTime() + DEADLINE.toNanos();
            while (scm.container(container).getContainer().getState() != ContainerState.CONTAINER_CLOSED) {
                cluster.heartbeatAll();
                assertThat(System.nanoTime()).as("container closed in time").isLessThan(deadline);
                LockSupport.parkNanos(Duration.ofMillis(100).toNanos());
            }
        }
    }

    private static DatanodeDetails leaderOf(BlockLocation block) {
        return block.getPipeline().getMembersList().stream()
                .filter(member -> member.getUuid().equals(block.getPipeline().getLeaderId()))
                .findFirst()
                .orElseThrow(() -> new AssertionError("OM named no leader of " + block.getPipeline()));
    }

    private static void assertContainerTokenRefused(Supplier<Future<?>> call, String reason) {
        assertThatThrownBy(() -> call.get().get(20, TimeUnit.SECONDS))
                .cause()
                .isInstanceOfSatisfying(ContainerCommandException.class, refused -> assertThat(refused.result())
                        .isEqualTo(ContainerResult.CONTAINER_TOKEN_VERIFICATION_FAILED))
                .hasMessageContaining(reason);
    }

    private ScmAdminClient scmAdmin(Path credentials) {
        return new ScmAdminClient(
                cluster.clientConfiguration().with(ClientConfigKeys.CREDENTIALS_FILE.name(), credentials.toString()));
    }

    private String adminName() {
        return cluster.adminCredential().accessKeyId();
    }

    private static long now() {
        return System.currentTimeMillis();
    }
}
