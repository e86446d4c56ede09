package dev.o3.om.scm;

import static org.assertj.core.api.Assertions.assertThat;

import dev.o3.common.config.HostAndPort;
import dev.o3.common.grpc.GrpcConfig;
import dev.o3.om.testing.FakeScm;
import dev.o3.proto.hdds.BlockId;
import dev.o3.proto.hdds.BlockLocation;
import dev.o3.proto.hdds.DatanodeDetails;
import dev.o3.proto.om.KeyInfo;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(value = 1, unit = TimeUnit.MINUTES)
class TestContainerLocations {
    private static final DatanodeDetails NEW_HOLDER = DatanodeDetails.newBuilder()
            .setUuid("dn-new")
            .setHostName("127.0.0.9")
            .build();

    private FakeScm scm;
    private ScmBlockClient client;
    private KeyInfo key;

    @BeforeEach
    void start() {
        scm = new FakeScm();
        client = new ScmBlockClient(
                HostAndPort.parse(scm.address(), 0), Duration.ofSeconds(5), GrpcConfig.defaults(), 0);
        key = KeyInfo.newBuilder()
                .setName("key")
                .addBlocks(BlockLocation.newBuilder()
                        .setBlockId(BlockId.newBuilder().setContainerId(1).setLocalId(1))
                        .setPipeline(scm.pipeline()))
                .addBlocks(BlockLocation.newBuilder()
                        .setBlockId(BlockId.newBuilder().setContainerId(2).setLocalId(2))
                        .setPipeline(scm.pipeline()))
                .build();
    }

    @AfterEach
    void stop() {
        client.close();
        scm.close();
    }

    @Test
    void lookupsNeverWaitForScmAndUseTheReplicasItNamesOnceCached() {
        ContainerLocations locations = new ContainerLocations(client, 100, Duration.ofHours(1), Duration.ofSeconds(5));
        scm.moveContainer(1, List.of(NEW_HOLDER));

        assertThat(locations.current(key, false))
                .as("nothing cached yet: the stored pipeline, while SCM is asked in the background")
                .isEqualTo(key);
        KeyInfo current = awaitChange(locations, key);

        assertThat(current.getBlocks(0).getPipeline().getMembersList()).containsExactly(NEW_HOLDER);
        assertThat(current.getBlocks(0).getPipeline().getLeaderId()).isEmpty();
        assertThat(current.getBlocks(1))
                .as("a container SCM does not know keeps its stored pipeline")
                .isEqualTo(key.getBlocks(1));
        int calls = scm.locationCalls();
        assertThat(locations.current(key, false)).isEqualTo(current);
        assertThat(scm.locationCalls())
                .as("a cached container costs no SCM call")
                .isEqualTo(calls);
    }

    @Test
    void aRefreshAsksScmAtOnceAndAnUnchangedContainerKeepsItsPipeline() {
        ContainerLocations locations = new ContainerLocations(client, 100, Duration.ofHours(1), Duration.ofSeconds(5));
        assertThat(locations.current(key, true))
                .as("SCM names the write pipeline's members: nothing changes")
                .isEqualTo(key);

        scm.moveContainer(1, List.of(NEW_HOLDER));
        assertThat(locations.current(key, false))
                .as("the cache still holds the old replicas")
                .isEqualTo(key);
        assertThat(locations.current(key, true).getBlocks(0).getPipeline().getMembersList())
                .as("a refresh does not trust the cache")
                .containsExactly(NEW_HOLDER);
    }

    @Test
    void withoutScmTheStoredPipelineIsHandedOut() {
        ContainerLocations locations = new ContainerLocations(client, 100, Duration.ofHours(1), Duration.ofSeconds(5));
        scm.close();

        assertThat(locations.current(key, true)).isEqualTo(key);
        assertThat(locations.current(key, false)).isEqualTo(key);
    }

    private static KeyInfo awaitChange(ContainerLocations locations, KeyInfo stored) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        KeyInfo current = locations.current(stored, false);
        while (current.equals(stored)) {
            assertThat(System.nanoTime()).as("locations fetched within 30 s").isLessThan(deadline);
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(20));
            current = locations.current(stored, false);
        }
        return current;
    }
}
