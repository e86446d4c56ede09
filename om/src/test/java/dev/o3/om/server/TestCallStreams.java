package dev.o3.om.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.o3.common.config.HostAndPort;
import dev.o3.common.grpc.GrpcConfig;
import dev.o3.common.grpc.GrpcFactory;
import dev.o3.om.testing.FakeScm;
import dev.o3.om.testing.OmFixtures;
import dev.o3.om.testing.OmTestClient;
import dev.o3.om.testing.Poll;
import dev.o3.proto.om.BucketInfo;
import dev.o3.proto.om.CommitKeyRequest;
import dev.o3.proto.om.CommitKeyResponse;
import dev.o3.proto.om.CreateBucketRequest;
import dev.o3.proto.om.CreateBucketResponse;
import dev.o3.proto.om.CreateKeyRequest;
import dev.o3.proto.om.CreateKeyResponse;
import dev.o3.proto.om.InfoVolumeRequest;
import dev.o3.proto.om.InfoVolumeResponse;
import dev.o3.proto.om.LookupKeyRequest;
import dev.o3.proto.om.OmCall;
import dev.o3.proto.om.OmReply;
import dev.o3.proto.om.OmStatus;
import dev.o3.proto.om.OzoneManagerServiceGrpc;
import dev.o3.proto.om.RequestId;
import io.grpc.ManagedChannel;
import io.grpc.stub.StreamObserver;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** The {@code Calls} stream of a real OM (Ratis, RocksDB, gRPC on loopback): many calls, one stream. */
@Timeout(120)
class TestCallStreams {
    private static final Duration WAIT = Duration.ofSeconds(30);
    /** More than an OM lets one stream have unanswered, so the stream must take calls as it answers them. */
    private static final int MANY = 3000;

    @TempDir
    Path directory;

    @Test
    void answersEveryCallByIdWithItsOwnCallersRightsAndEndsWhenTheClientDoes() throws Exception {
        onOneStream("cat.jpg", (replies, calls) -> {
            for (int id = 1; id <= MANY; id++) {
                calls.onNext(lookup(id, "alice", "cat.jpg"));
            }
            calls.onNext(lookup(MANY + 1, "alice", "missing"));
            calls.onNext(lookup(MANY + 2, "", "cat.jpg").toBuilder()
                    .setAnonymous(true)
                    .build());
            calls.onNext(
                    OmCall.newBuilder().setCallId(MANY + 3).setUser("alice").build());
            calls.onCompleted();

            replies.ended.get(WAIT.toSeconds(), TimeUnit.SECONDS);
            assertThat(replies.byId).hasSize(MANY + 3);
            for (long id = 1; id <= MANY; id++) {
                assertThat(replies.byId.get(id).getLookupKey().getKey().getName())
                        .isEqualTo("cat.jpg");
            }
            assertThat(replies.byId.get(MANY + 1L).getLookupKey().getError().getStatus())
                    .isEqualTo(OmStatus.KEY_NOT_FOUND);
            assertThat(replies.byId.get(MANY + 2L).getLookupKey().getError().getStatus())
                    .as("alice's bucket is private to an anonymous caller")
                    .isEqualTo(OmStatus.PERMISSION_DENIED);
            assertThat(replies.byId.get(MANY + 3L).getError().getStatus())
                    .as("a call that names no request")
                    .isEqualTo(OmStatus.INVALID_REQUEST);
        });
    }

    @Test
    void keyWritesOnTheStreamAreAppliedOnceUnderTheirRequestIdAndCheckedForTheirCaller() throws Exception {
        onOneStream("existing", (replies, calls) -> {
            RequestId create = RequestId.newBuilder()
                    .setClientMostBits(7)
                    .setClientLeastBits(11)
                    .setCallId(1)
                    .build();
            OmCall createKey = OmCall.newBuilder()
                    .setUser("alice")
                    .setRequestId(create)
                    .setCreateKey(CreateKeyRequest.newBuilder()
                            .setVolume("s3v")
                            .setBucket("photos")
                            .setName("dog.jpg"))
                    .build();
            CreateKeyResponse created =
                    replies.await(calls, createKey.toBuilder().setCallId(1)).getCreateKey();
            assertThat(created.hasError()).as("%s", created.getError()).isFalse();
            CreateKeyResponse retried =
                    replies.await(calls, createKey.toBuilder().setCallId(2)).getCreateKey();
            assertThat(retried.getClientId())
                    .as("a retried CreateKey gets the first reply: no second open-key session")
                    .isEqualTo(created.getClientId());

            OmCall commitKey = OmCall.newBuilder()
                    .setUser("alice")
                    .setRequestId(create.toBuilder().setCallId(2))
                    .setCommitKey(CommitKeyRequest.newBuilder()
                            .setVolume("s3v")
                            .setBucket("photos")
                            .setName("dog.jpg")
                            .setClientId(created.getClientId()))
                    .build();
            assertThat(replies.await(calls, commitKey.toBuilder().setCallId(3))
                            .getCommitKey()
                            .hasError())
                    .isFalse();
            assertThat(replies.await(calls, commitKey.toBuilder().setCallId(4))
                            .getCommitKey()
                            .hasError())
                    .as("a retried CommitKey succeeds as the first did, not KEY_NOT_FOUND")
                    .isFalse();
            assertThat(replies.await(calls, lookup(5, "alice", "dog.jpg").toBuilder())
                            .getLookupKey()
                            .getKey()
                            .getName())
                    .isEqualTo("dog.jpg");

            OmCall.Builder anonymous = createKey.toBuilder()
                    .setCallId(6)
                    .setUser("")
                    .setAnonymous(true)
                    .setRequestId(create.toBuilder().setCallId(3));
            assertThat(replies.await(calls, anonymous).getCreateKey().getError().getStatus())
                    .as("alice's bucket is private to an anonymous caller")
                    .isEqualTo(OmStatus.PERMISSION_DENIED);
            calls.onCompleted();
            replies.ended.get(WAIT.toSeconds(), TimeUnit.SECONDS);
        });
    }

    /** Body of a test on one stream of a single OM where alice owns bucket s3v/photos with one empty key. */
    @FunctionalInterface
    private interface StreamTest {
        void run(Replies replies, StreamObserver<OmCall> calls) throws Exception;
    }

    private void onOneStream(String existingKey, StreamTest test) throws Exception {
        try (FakeScm scm = new FakeScm();
                OzoneManagerServer om =
                        new OzoneManagerServer(OmFixtures.singleOm(directory, scm.address()), Clock.systemUTC())) {
            om.start();
            Poll.until(WAIT, om::isLeader, "the single OM to lead");
            try (OmTestClient alice = new OmTestClient(List.of("127.0.0.1:" + om.clientPort()), "alice", WAIT)) {
                Poll.until(WAIT, () -> s3VolumeExists(alice), "the S3 volume");
                writeEmptyKey(alice, existingKey);
            }
            ManagedChannel channel =
                    GrpcFactory.channel(new HostAndPort("127.0.0.1", om.clientPort()), GrpcConfig.defaults());
            try {
                Replies replies = new Replies();
                test.run(replies, OzoneManagerServiceGrpc.newStub(channel).calls(replies));
            } finally {
                channel.shutdownNow();
                channel.awaitTermination(5, TimeUnit.SECONDS);
            }
        }
    }

    private static OmCall lookup(long id, String user, String name) {
        return OmCall.newBuilder()
                .setCallId(id)
                .setUser(user)
                .setLookupKey(LookupKeyRequest.newBuilder()
                        .setVolume("s3v")
                        .setBucket("photos")
                        .setName(name))
                .build();
    }

    private static boolean s3VolumeExists(OmTestClient client) {
        return !client.call(
                        stub -> stub.infoVolume(
                                InfoVolumeRequest.newBuilder().setName("s3v").build()),
                        InfoVolumeResponse::getError)
                .hasError();
    }

    private static void writeEmptyKey(OmTestClient client, String name) {
        CreateBucketResponse bucket = client.call(
                stub -> stub.createBucket(CreateBucketRequest.newBuilder()
                        .setBucket(BucketInfo.newBuilder().setVolume("s3v").setName("photos"))
                        .build()),
                CreateBucketResponse::getError);
        assertThat(bucket.hasError()).as("%s", bucket.getError()).isFalse();
        CreateKeyResponse created = client.call(
                stub -> stub.createKey(CreateKeyRequest.newBuilder()
                        .setVolume("s3v")
                        .setBucket("photos")
                        .setName(name)
                        .build()),
                CreateKeyResponse::getError);
        assertThat(created.hasError()).as("%s", created.getError()).isFalse();
        CommitKeyResponse committed = client.call(
                stub -> stub.commitKey(CommitKeyRequest.newBuilder()
                        .setVolume("s3v")
                        .setBucket("photos")
                        .setName(name)
                        .setClientId(created.getClientId())
                        .build()),
                CommitKeyResponse::getError);
        assertThat(committed.hasError()).as("%s", committed.getError()).isFalse();
    }

    /** Every reply by call id; {@code ended} completes when the OM ends the stream, or fails with its error. */
    private static final class Replies implements StreamObserver<OmReply> {
        private final Map<Long, OmReply> byId = new ConcurrentHashMap<>();
        private final CompletableFuture<Void> ended = new CompletableFuture<>();

        /** Sends one call and waits for its reply. */
        OmReply await(StreamObserver<OmCall> calls, OmCall.Builder call) {
            long id = call.getCallId();
            calls.onNext(call.build());
            Poll.until(WAIT, () -> byId.containsKey(id), "the reply to call " + id);
            return byId.get(id);
        }

        @Override
        public void onNext(OmReply reply) {
            assertThat(byId.put(reply.getCallId(), reply))
                    .as("one reply per call")
                    .isNull();
        }

        @Override
        public void onError(Throwable failure) {
            ended.completeExceptionally(failure);
        }

        @Override
        public void onCompleted() {
            ended.complete(null);
        }
    }
}
