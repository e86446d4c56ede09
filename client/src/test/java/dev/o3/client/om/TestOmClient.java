package dev.o3.client.om;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.o3.client.testing.FakeOzoneManager;
import dev.o3.common.config.HostAndPort;
import dev.o3.proto.om.InfoVolumeRequest;
import dev.o3.proto.om.InfoVolumeResponse;
import dev.o3.proto.om.LookupKeyRequest;
import dev.o3.proto.om.LookupKeyResponse;
import dev.o3.proto.om.OmStatus;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class TestOmClient {
    @Test
    void followsNotLeaderToTheNamedLeader() {
        try (FakeOzoneManager follower = new FakeOzoneManager(List.of());
                FakeOzoneManager leader = new FakeOzoneManager(List.of())) {
            follower.followLeader(leader.address());
            try (OmClient client =
                    new OmClient(List.of(follower.address(), leader.address()), "tester", Duration.ofSeconds(5))) {
                assertThat(infoVolume(client).getVolume().getName()).isEqualTo("vol1");
            }
        }
    }

    @Test
    void failsOverPastAnUnreachableOm() throws IOException {
        HostAndPort dead = unusedAddress();
        try (FakeOzoneManager leader = new FakeOzoneManager(List.of());
                OmClient client = new OmClient(List.of(dead, leader.address()), "tester", Duration.ofSeconds(10))) {
            assertThat(infoVolume(client).getVolume().getName()).isEqualTo("vol1");
        }
    }

    @Test
    void errorStatusBecomesAnOmException() {
        try (FakeOzoneManager om = new FakeOzoneManager(List.of());
                OmClient client = new OmClient(List.of(om.address()), "tester", Duration.ofSeconds(5))) {
            assertThatThrownBy(() -> client.call(
                            "LookupKey",
                            stub -> stub.lookupKey(LookupKeyRequest.newBuilder()
                                    .setName("missing")
                                    .build()),
                            LookupKeyResponse::getError))
                    .isInstanceOfSatisfying(
                            OmException.class, e -> assertThat(e.status()).isEqualTo(OmStatus.KEY_NOT_FOUND))
                    .hasMessageContaining("missing");
        }
    }

    @Test
    void actsAsAnotherUserOrAnonymouslyOverTheSameChannels() {
        try (FakeOzoneManager om = new FakeOzoneManager(List.of());
                OmClient client = new OmClient(List.of(om.address()), "tester", Duration.ofSeconds(5))) {
            infoVolume(client.asUser("alice"));
            assertThat(om.lastHeader("o3-user")).contains("alice");
            assertThat(om.lastHeader("o3-anonymous")).isEmpty();

            infoVolume(client.asAnonymous());
            assertThat(om.lastHeader("o3-user")).isEmpty();
            assertThat(om.lastHeader("o3-anonymous")).contains("true");

            infoVolume(client);
            assertThat(om.lastHeader("o3-user")).contains("tester");
        }
    }

    @Test
    void givesUpAfterTheFailoverTimeoutWithAClearMessage() throws IOException {
        try (OmClient client = new OmClient(List.of(unusedAddress()), "tester", Duration.ofMillis(300))) {
            assertThatThrownBy(() -> infoVolume(client))
                    .isInstanceOf(OmException.class)
                    .hasMessageContaining("no OM leader")
                    .hasMessageContaining("unreachable");
        }
    }

    @Test
    void asyncCallsFollowRedirectsAndFailWithTheOmStatus() throws Exception {
        try (FakeOzoneManager follower = new FakeOzoneManager(List.of());
                FakeOzoneManager leader = new FakeOzoneManager(List.of())) {
            follower.followLeader(leader.address());
            try (OmClient client =
                    new OmClient(List.of(follower.address(), leader.address()), "tester", Duration.ofSeconds(5))) {
                InfoVolumeResponse info = client.callAsync(
                                "InfoVolume",
                                (stub, observer) -> stub.infoVolume(
                                        InfoVolumeRequest.newBuilder()
                                                .setName("vol1")
                                                .build(),
                                        observer),
                                InfoVolumeResponse::getError)
                        .get(10, TimeUnit.SECONDS);
                assertThat(info.getVolume().getName()).isEqualTo("vol1");

                CompletableFuture<LookupKeyResponse> missing = client.callAsync(
                        "LookupKey",
                        (stub, observer) -> stub.lookupKey(
                                LookupKeyRequest.newBuilder().setName("missing").build(), observer),
                        LookupKeyResponse::getError);
                assertThatThrownBy(() -> missing.get(10, TimeUnit.SECONDS))
                        .isInstanceOf(ExecutionException.class)
                        .cause()
                        .isInstanceOfSatisfying(
                                OmException.class, e -> assertThat(e.status()).isEqualTo(OmStatus.KEY_NOT_FOUND));
            }
        }
    }

    @Test
    void asyncCallGivesUpAfterTheFailoverTimeout() throws IOException {
        try (OmClient client = new OmClient(List.of(unusedAddress()), "tester", Duration.ofMillis(300))) {
            CompletableFuture<InfoVolumeResponse> info = client.callAsync(
                    "InfoVolume",
                    (stub, observer) -> stub.infoVolume(
                            InfoVolumeRequest.newBuilder().setName("vol1").build(), observer),
                    InfoVolumeResponse::getError);
            assertThatThrownBy(() -> info.get(10, TimeUnit.SECONDS))
                    .cause()
                    .isInstanceOf(OmException.class)
                    .hasMessageContaining("no OM leader")
                    .hasMessageContaining("unreachable");
        }
    }

    private static InfoVolumeResponse infoVolume(OmClient client) {
        return client.call(
                "InfoVolume",
                stub -> stub.infoVolume(
                        InfoVolumeRequest.newBuilder().setName("vol1").build()),
                InfoVolumeResponse::getError);
    }

    private static HostAndPort unusedAddress() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return new HostAndPort("127.0.0.1", socket.getLocalPort());
        }
    }
}
