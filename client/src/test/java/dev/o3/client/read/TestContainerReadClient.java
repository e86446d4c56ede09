package dev.o3.client.read;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.protobuf.ByteString;
import dev.o3.common.checksum.ChecksumMismatchException;
import dev.o3.common.container.ChunkChecksums;
import dev.o3.common.grpc.GrpcConfig;
import dev.o3.common.grpc.GrpcExecutor;
import dev.o3.common.grpc.GrpcFactory;
import dev.o3.common.grpc.GrpcServer;
import dev.o3.proto.container.ContainerCommandRequest;
import dev.o3.proto.container.ContainerCommandResponse;
import dev.o3.proto.container.ContainerReadServiceGrpc;
import dev.o3.proto.container.ContainerResult;
import dev.o3.proto.container.ReadChunkResponse;
import dev.o3.proto.hdds.BlockId;
import dev.o3.proto.hdds.ChunkInfo;
import dev.o3.proto.hdds.DatanodeDetails;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.stub.StreamObserver;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The read client against a hand-written read service on loopback that serves chunk "i" at offset i. */
@Timeout(30)
class TestContainerReadClient {
    private static final BlockId BLOCK =
            BlockId.newBuilder().setContainerId(1).setLocalId(2).build();

    private final CountDownLatch release = new CountDownLatch(1);
    private GrpcServer server;
    private ContainerReadClient client;

    @BeforeEach
    void start() throws Exception {
        server = startServer(0);
        client = ContainerReadClient.connect(
                DatanodeDetails.newBuilder()
                        .setUuid("dn")
                        .setIpAddress(InetAddress.getLoopbackAddress().getHostAddress())
                        .setStandalonePort(server.port())
                        .build(),
                GrpcConfig.defaults());
    }

    @AfterEach
    void stop() throws Exception {
        release.countDown();
        client.close();
        server.close();
    }

    @Test
    void pipelinedReadsAreAnsweredInOrderAndVerified() throws Exception {
        List<CompletableFuture<ByteString>> reads = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            reads.add(client.readChunk(BLOCK, chunk(i), ByteString.EMPTY));
        }

        for (int i = 0; i < 20; i++) {
            assertThat(reads.get(i).get(10, TimeUnit.SECONDS)).isEqualTo(data(i));
        }
    }

    @Test
    void aSlowReadDoesNotHoldUpTheOthers() throws Exception {
        // The service answers one stream's requests one at a time (as the datanode's does): while a read blocks on
        // disk, concurrent reads must go out on other streams instead of queueing behind it.
        CompletableFuture<ByteString> slow = client.readChunk(BLOCK, chunk(FakeReadService.SLOW), ByteString.EMPTY);
        List<CompletableFuture<ByteString>> others = new ArrayList<>();
        for (int i = 0; i < ContainerReadClient.STREAMS - 1; i++) {
            others.add(client.readChunk(BLOCK, chunk(i), ByteString.EMPTY));
        }

        for (int i = 0; i < others.size(); i++) {
            assertThat(others.get(i).get(10, TimeUnit.SECONDS)).isEqualTo(data(i));
        }
        assertThat(slow).isNotDone();
        release.countDown();
        assertThat(slow.get(10, TimeUnit.SECONDS)).isEqualTo(data(FakeReadService.SLOW));
    }

    @Test
    void corruptDataFailsWithAChecksumMismatch() {
        assertThatThrownBy(() -> client.readChunk(BLOCK, chunk(FakeReadService.CORRUPT), ByteString.EMPTY)
                        .get(10, TimeUnit.SECONDS))
                .isInstanceOf(ExecutionException.class)
                .hasCauseInstanceOf(ChecksumMismatchException.class);
    }

    @Test
    void aBrokenStreamFailsItsRequestsAndTheNextRequestReconnects() throws Exception {
        assertThatThrownBy(() -> client.readChunk(BLOCK, chunk(FakeReadService.BREAK), ByteString.EMPTY)
                        .get(10, TimeUnit.SECONDS))
                .isInstanceOf(ExecutionException.class);

        assertThat(client.readChunk(BLOCK, chunk(3), ByteString.EMPTY).get(10, TimeUnit.SECONDS))
                .isEqualTo(data(3));
    }

    @Test
    void readsFailPromptlyWhileTheDatanodeIsDownAndSucceedOnceItIsBack() throws Exception {
        int port = server.port();
        for (int i = 0; i < ContainerReadClient.STREAMS; i++) {
            assertThat(client.readChunk(BLOCK, chunk(i), ByteString.EMPTY).get(10, TimeUnit.SECONDS))
                    .isEqualTo(data(i));
        }
        server.close();

        // Rounds over every lane: once the channel knows the datanode is unreachable gRPC fails a new call while it
        // starts, and a lane that kept such a call would leave the next read on it waiting forever.
        for (int i = 0; i < 3 * ContainerReadClient.STREAMS; i++) {
            CompletableFuture<ByteString> read = client.readChunk(BLOCK, chunk(i), ByteString.EMPTY);
            assertThatThrownBy(() -> read.get(10, TimeUnit.SECONDS)).isInstanceOf(ExecutionException.class);
        }

        server = startServer(port);
        assertThat(readUntilServed(chunk(5))).isEqualTo(data(5));
    }

    /** Retries while the channel's reconnect back-off still fails reads; the test's timeout bounds it. */
    private ByteString readUntilServed(ChunkInfo chunk) throws InterruptedException, TimeoutException {
        while (true) {
            try {
                return client.readChunk(BLOCK, chunk, ByteString.EMPTY).get(10, TimeUnit.SECONDS);
            } catch (ExecutionException e) {
                assertThat(e).hasCauseInstanceOf(StatusRuntimeException.class);
            }
        }
    }

    private GrpcServer startServer(int port) {
        return GrpcFactory.server(
                        "fake read service",
                        new InetSocketAddress(InetAddress.getLoopbackAddress(), port),
                        GrpcConfig.defaults(),
                        GrpcExecutor.cachedPool("fake-read"),
                        new FakeReadService(release).bindService())
                .start();
    }

    private static ByteString data(int i) {
        return ByteString.copyFromUtf8("chunk number " + i);
    }

    private static ChunkInfo chunk(int i) {
        ByteString data = data(i);
        return ChunkInfo.newBuilder()
                .setOffset(i)
                .setLength(data.size())
                .setChecksum(ChunkChecksums.compute(data.asReadOnlyByteBuffer(), 4))
                .build();
    }

    /**
     * Serves chunk i with its checksums; offset CORRUPT returns a flipped byte, offset BREAK fails the stream, offset
     * SLOW answers only once {@code release} opens. gRPC runs one stream's requests one at a time.
     */
    private static final class FakeReadService extends ContainerReadServiceGrpc.ContainerReadServiceImplBase {
        static final int CORRUPT = 100;
        static final int BREAK = 101;
        static final int SLOW = 102;

        private final CountDownLatch release;

        FakeReadService(CountDownLatch release) {
            this.release = release;
        }

        @Override
        public StreamObserver<ContainerCommandRequest> send(StreamObserver<ContainerCommandResponse> responses) {
            return new StreamObserver<>() {
                @Override
                public void onNext(ContainerCommandRequest request) {
                    int offset =
                            Math.toIntExact(request.getReadChunk().getChunk().getOffset());
                    if (offset == BREAK) {
                        responses.onError(Status.UNAVAILABLE.asRuntimeException());
                        return;
                    }
                    if (offset == SLOW) {
                        awaitRelease();
                    }
                    ByteString data = data(offset);
                    if (offset == CORRUPT) {
                        byte[] bytes = data.toByteArray();
                        bytes[0] ^= 1;
                        data = ByteString.copyFrom(bytes);
                    }
                    responses.onNext(ContainerCommandResponse.newBuilder()
                            .setResult(ContainerResult.SUCCESS)
                            .setReadChunk(ReadChunkResponse.newBuilder()
                                    .setChunk(request.getReadChunk().getChunk())
                                    .setData(data))
                            .build());
                }

                @Override
                public void onError(Throwable error) {
                    // the client went away
                }

                private void awaitRelease() {
                    try {
                        if (!release.await(30, TimeUnit.SECONDS)) {
                            throw new IllegalStateException("the test never released the slow read");
                        }
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        throw new IllegalStateException(e);
                    }
                }

                @Override
                public void onCompleted() {
                    responses.onCompleted();
                }
            };
        }
    }
}
