package dev.o3.client.om;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import dev.o3.client.testing.FakeOzoneManager;
import dev.o3.client.testing.FakeOzoneManager.ReceivedCall;
import dev.o3.common.config.HostAndPort;
import dev.o3.common.grpc.GrpcConfig;
import dev.o3.proto.om.CommitKeyRequest;
import dev.o3.proto.om.CommitKeyResponse;
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
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

class TestOmClient {
    @Test
    void followsNotLeaderToTheNamedLeader() {
        try (FakeOzoneManager follower = new FakeOzoneManager(List.of());
                FakeOzoneManager leader = new FakeOzoneManager(List.of())) {
            follower.followLeader(leader.address());
            try (OmClient client = new OmClient(
                    List.of(follower.address(), leader.address()),
                    "tester",
                    Duration.ofSeconds(5),
                    GrpcConfig.defaults())) {
                assertThat(infoVolume(client).getVolume().getName()).isEqualTo("vol1");
            }
        }
    }

    @Test
    void failsOverPastAnUnreachableOm() throws IOException {
        HostAndPort dead = unusedAddress();
        try (FakeOzoneManager leader = new FakeOzoneManager(List.of());
                OmClient client = new OmClient(
                        List.of(dead, leader.address()), "tester", Duration.ofSeconds(10), GrpcConfig.defaults())) {
            assertThat(infoVolume(client).getVolume().getName()).isEqualTo("vol1");
        }
    }

    @Test
    void errorStatusBecomesAnOmException() {
        try (FakeOzoneManager om = new FakeOzoneManager(List.of());
                OmClient client =
                        new OmClient(List.of(om.address()), "tester", Duration.ofSeconds(5), GrpcConfig.defaults())) {
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
                OmClient client =
                        new OmClient(List.of(om.address()), "tester", Duration.ofSeconds(5), GrpcConfig.defaults())) {
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
    void everyAttemptOfAWriteCarriesTheSameRequestIdAndReadsCarryNone() {
        try (FakeOzoneManager follower = new FakeOzoneManager(List.of());
                FakeOzoneManager leader = new FakeOzoneManager(List.of())) {
            follower.followLeader(leader.address());
            try (OmClient client = new OmClient(
                    List.of(follower.address(), leader.address()),
                    "tester",
                    Duration.ofSeconds(5),
                    GrpcConfig.defaults())) {
                commitMissingKey(client);
                assertSameCall(single(follower.received()), single(leader.received()));

                infoVolume(client);
                commitMissingKey(client.asUser("alice"));
                List<ReceivedCall> calls = leader.received();
                assertThat(calls)
                        .extracting(ReceivedCall::method)
                        .containsExactly("CommitKey", "InfoVolume", "CommitKey");
                assertThat(calls.get(1).clientId())
                        .as("reads carry no request id")
                        .isEmpty();
                assertThat(calls.get(1).callId()).isEmpty();
                assertThat(Stream.of(calls.get(0), calls.get(2)))
                        .as("one client id, shared with the clients derived from it; a new number per write")
                        .extracting(ReceivedCall::clientId, ReceivedCall::callId)
                        .containsExactly(
                                tuple(calls.get(0).clientId(), Optional.of("1")),
                                tuple(calls.get(0).clientId(), Optional.of("2")));
            }
        }
    }

    @Test
    void asyncRetriesOfAWriteKeepItsRequestId() {
        try (FakeOzoneManager follower = new FakeOzoneManager(List.of());
                FakeOzoneManager leader = new FakeOzoneManager(List.of())) {
            follower.followLeader(leader.address());
            try (OmClient client = new OmClient(
                    List.of(follower.address(), leader.address()),
                    "tester",
                    Duration.ofSeconds(5),
                    GrpcConfig.defaults())) {
                CompletableFuture<CommitKeyResponse> commit = client.callAsync(
                        "CommitKey",
                        (stub, observer) -> stub.commitKey(
                                CommitKeyRequest.newBuilder().setName("k").build(), observer),
                        CommitKeyResponse::getError);
                assertThatThrownBy(() -> commit.get(10, TimeUnit.SECONDS))
                        .cause()
                        .isInstanceOfSatisfying(
                                OmException.class, e -> assertThat(e.status()).isEqualTo(OmStatus.KEY_NOT_FOUND));
                assertSameCall(single(follower.received()), single(leader.received()));
            }
        }
    }

    @Test
    void streamedCallsTakeTheClientsConnectionsInTurn() {
        try (FakeOzoneManager om = new FakeOzoneManager(List.of());
                OmClient client = new OmClient(
                        List.of(om.address()),
                        "tester",
                        Optional.empty(),
                        Duration.ofSeconds(5),
                        GrpcConfig.defaults(),
                        3)) {
            for (int i = 0; i < 6; i++) {
                LookupKeyRequest request =
                        LookupKeyRequest.newBuilder().setName("missing" + i).build();
                assertThatThrownBy(() -> client.lookupKey(request))
                        .isInstanceOfSatisfying(
                                OmException.class, e -> assertThat(e.status()).isEqualTo(OmStatus.KEY_NOT_FOUND));
            }

            assertThat(om.streamedCalls()).hasSize(6);
            assertThat(om.callStreamSources()).hasSize(3).doesNotHaveDuplicates();
        }
    }

    @Test
    void givesUpAfterTheFailoverTimeoutWithAClearMessage() throws IOException {
        try (OmClient client =
                new OmClient(List.of(unusedAddress()), "tester", Duration.ofMillis(300), GrpcConfig.defaults())) {
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
            try (OmClient client = new OmClient(
                    List.of(follower.address(), leader.address()),
                    "tester",
                    Duration.ofSeconds(5),
                    GrpcConfig.defaults())) {
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
        try (OmClient client =
                new OmClient(List.of(unusedAddress()), "tester", Duration.ofMillis(300), GrpcConfig.defaults())) {
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

    private static void commitMissingKey(OmClient client) {
        assertThatThrownBy(() -> client.call(
                        "CommitKey",
                        stub -> stub.commitKey(
                                CommitKeyRequest.newBuilder().setName("k").build()),
                        CommitKeyResponse::getError))
                .isInstanceOfSatisfying(
                        OmException.class, e -> assertThat(e.status()).isEqualTo(OmStatus.KEY_NOT_FOUND));
    }

    /** The attempt refused by a follower and the retry on the leader carry one request id. */
    private static void assertSameCall(ReceivedCall refused, ReceivedCall retried) {
        assertThat(refused.method()).isEqualTo("CommitKey");
        assertThat(retried.method()).isEqualTo("CommitKey");
        assertThat(refused.clientId()).isPresent();
        assertThat(refused.callId()).isPresent();
        assertThat(retried.clientId()).isEqualTo(refused.clientId());
        assertThat(retried.callId()).isEqualTo(refused.callId());
    }

    private static ReceivedCall single(List<ReceivedCall> calls) {
        assertThat(calls).hasSize(1);
        return calls.get(0);
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
