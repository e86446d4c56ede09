package dev.o3.client.om;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import dev.o3.client.testing.FakeOzoneManager;
import dev.o3.client.testing.FakeOzoneManager.ReceivedCall;
import dev.o3.common.grpc.GrpcConfig;
import dev.o3.common.grpc.GrpcFactory;
import dev.o3.proto.om.CommitKeyRequest;
import dev.o3.proto.om.CommitKeyResponse;
import dev.o3.proto.om.CreateKeyRequest;
import dev.o3.proto.om.CreateKeyResponse;
import dev.o3.proto.om.LookupKeyRequest;
import dev.o3.proto.om.LookupKeyResponse;
import dev.o3.proto.om.OmCall;
import dev.o3.proto.om.OmReply;
import dev.o3.proto.om.OmStatus;
import io.grpc.ManagedChannel;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;

/** Lookups and key writes on OM's {@code Calls} stream: one stream per OM, identity per call, failover, deadlines. */
class TestCallStream {
    @Test
    void lookupsShareOneStreamPerOmAndCarryTheirCallersIdentity() {
        try (FakeOzoneManager om = new FakeOzoneManager(List.of());
                OmClient client =
                        new OmClient(List.of(om.address()), "tester", Duration.ofSeconds(5), GrpcConfig.defaults())) {
            for (OmClient caller : List.of(client, client.asUser("alice"), client.asAnonymous())) {
                assertThatThrownBy(() -> caller.lookupKey(lookup("missing")))
                        .isInstanceOfSatisfying(
                                OmException.class, e -> assertThat(e.status()).isEqualTo(OmStatus.KEY_NOT_FOUND))
                        .hasMessageContaining("missing");
            }

            assertThat(om.received()).extracting(ReceivedCall::method).containsExactly("Calls");
            assertThat(om.streamedCalls())
                    .extracting(OmCall::getUser, OmCall::getAnonymous)
                    .containsExactly(tuple("tester", false), tuple("alice", false), tuple("", true));
            assertThat(om.streamedCalls())
                    .extracting(OmCall::getCallId)
                    .as("one id per call")
                    .doesNotHaveDuplicates();
        }
    }

    @Test
    void aStreamedLookupFollowsNotLeaderToTheNamedLeader() {
        try (FakeOzoneManager follower = new FakeOzoneManager(List.of());
                FakeOzoneManager leader = new FakeOzoneManager(List.of())) {
            follower.followLeader(leader.address());
            try (OmClient client = new OmClient(
                    List.of(follower.address(), leader.address()),
                    "tester",
                    Duration.ofSeconds(5),
                    GrpcConfig.defaults())) {
                assertThatThrownBy(() -> client.lookupKey(lookup("k")))
                        .isInstanceOfSatisfying(
                                OmException.class, e -> assertThat(e.status()).isEqualTo(OmStatus.KEY_NOT_FOUND));
                assertThat(follower.streamedCalls()).hasSize(1);
                assertThat(leader.streamedCalls()).hasSize(1);
            }
        }
    }

    @Test
    void keyWritesGoOnTheStreamWithOneRequestIdPerCallKeptAcrossRedirects() {
        try (FakeOzoneManager follower = new FakeOzoneManager(List.of());
                FakeOzoneManager leader = new FakeOzoneManager(List.of(FakeOzoneManager.pipeline("p1")))) {
            follower.followLeader(leader.address());
            try (OmClient client = new OmClient(
                    List.of(follower.address(), leader.address()),
                    "tester",
                    Duration.ofSeconds(5),
                    GrpcConfig.defaults())) {
                CreateKeyResponse created = client.write(
                        "CreateKey",
                        OmCall.newBuilder()
                                .setCreateKey(CreateKeyRequest.newBuilder()
                                        .setVolume("v")
                                        .setBucket("b")
                                        .setName("k")),
                        OmReply::getCreateKey,
                        CreateKeyResponse::getError);
                client.write(
                        "CommitKey",
                        OmCall.newBuilder()
                                .setCommitKey(CommitKeyRequest.newBuilder()
                                        .setVolume("v")
                                        .setBucket("b")
                                        .setName("k")
                                        .setClientId(created.getClientId())),
                        OmReply::getCommitKey,
                        CommitKeyResponse::getError);

                assertThat(leader.committed("k")).isNotNull();
                assertThat(follower.received()).extracting(ReceivedCall::method).containsOnly("Calls");
                assertThat(leader.received()).extracting(ReceivedCall::method).containsOnly("Calls");
                OmCall refused = single(follower.streamedCalls());
                List<OmCall> served = leader.streamedCalls();
                assertThat(served)
                        .extracting(OmCall::getRequestCase)
                        .containsExactly(OmCall.RequestCase.CREATE_KEY, OmCall.RequestCase.COMMIT_KEY);
                assertThat(served.get(0).getRequestId())
                        .as("the CreateKey retried on the leader keeps its id")
                        .isEqualTo(refused.getRequestId());
                assertThat(served.get(1).getRequestId().getCallId())
                        .as("another write, another id")
                        .isNotEqualTo(refused.getRequestId().getCallId());
                assertThat(served.get(1).getRequestId().getClientMostBits())
                        .isEqualTo(refused.getRequestId().getClientMostBits());
            }
        }
    }

    @Test
    void aLookupWaitingOnAnOmThatStopsIsRetriedOnTheNextOm() throws Exception {
        FakeOzoneManager hanging = new FakeOzoneManager(List.of());
        try (FakeOzoneManager next = new FakeOzoneManager(List.of());
                OmClient client = new OmClient(
                        List.of(hanging.address(), next.address()),
                        "tester",
                        Duration.ofSeconds(10),
                        GrpcConfig.defaults())) {
            hanging.holdStreamedReplies();
            CompletableFuture<LookupKeyResponse> waiting = client.lookupKeyAsync(lookup("k"));
            awaitStreamedCall(hanging);
            assertThat(waiting).isNotDone();

            hanging.close();

            assertThatThrownBy(() -> waiting.get(10, TimeUnit.SECONDS))
                    .isInstanceOf(ExecutionException.class)
                    .cause()
                    .isInstanceOfSatisfying(
                            OmException.class, e -> assertThat(e.status()).isEqualTo(OmStatus.KEY_NOT_FOUND));
            assertThat(next.streamedCalls())
                    .extracting(call -> call.getLookupKey().getName())
                    .containsExactly("k");
        } finally {
            hanging.close();
        }
    }

    @Test
    void aCallUnansweredPastTheDeadlineFailsWithDeadlineExceeded() throws Exception {
        try (FakeOzoneManager om = new FakeOzoneManager(List.of())) {
            om.holdStreamedReplies();
            ManagedChannel channel = GrpcFactory.channel(om.address(), GrpcConfig.defaults());
            try (CallStream stream = new CallStream(channel, Duration.ofMillis(200))) {
                CompletableFuture<OmReply> reply =
                        stream.call(OmCall.newBuilder().setLookupKey(lookup("k")));
                assertThatThrownBy(() -> reply.get(10, TimeUnit.SECONDS))
                        .cause()
                        .isInstanceOfSatisfying(
                                StatusRuntimeException.class,
                                e -> assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.DEADLINE_EXCEEDED));
            } finally {
                channel.shutdownNow();
                channel.awaitTermination(5, TimeUnit.SECONDS);
            }
        }
    }

    @Test
    void aLookupOnAClosedClientFailsInsteadOfWaiting() throws Exception {
        try (FakeOzoneManager om = new FakeOzoneManager(List.of())) {
            OmClient client =
                    new OmClient(List.of(om.address()), "tester", Duration.ofMillis(300), GrpcConfig.defaults());
            client.close();

            CompletableFuture<LookupKeyResponse> lookup = client.lookupKeyAsync(lookup("k"));

            assertThatThrownBy(() -> lookup.get(10, TimeUnit.SECONDS))
                    .isInstanceOf(ExecutionException.class)
                    .cause()
                    .isInstanceOf(OmException.class)
                    .hasMessageContaining("no OM leader");
            assertThat(om.streamedCalls()).isEmpty();
        }
    }

    private static void awaitStreamedCall(FakeOzoneManager om) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (om.streamedCalls().isEmpty()) {
            assertThat(System.nanoTime()).as("the call reached the OM").isLessThan(deadline);
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(5));
        }
    }

    private static LookupKeyRequest lookup(String name) {
        return LookupKeyRequest.newBuilder().setName(name).build();
    }

    private static <T> T single(List<T> items) {
        assertThat(items).hasSize(1);
        return items.get(0);
    }
}
