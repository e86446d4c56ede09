package dev.o3.common.read;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.protobuf.ByteString;
import dev.o3.common.checksum.ChecksumMismatchException;
import dev.o3.common.container.ChunkChecksums;
import dev.o3.proto.container.ContainerCommandRequest;
import dev.o3.proto.container.ContainerCommandResponse;
import dev.o3.proto.container.ContainerReadServiceGrpc;
import dev.o3.proto.container.ContainerResult;
import dev.o3.proto.container.ReadChunkResponse;
import dev.o3.proto.hdds.BlockId;
import dev.o3.proto.hdds.ChunkInfo;
import dev.o3.proto.hdds.DatanodeDetails;
import io.grpc.Server;
import io.grpc.Status;
import io.grpc.netty.NettyServerBuilder;
import io.grpc.stub.StreamObserver;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The read client against a hand-written read service on loopback that serves chunk "i" at offset i. */
@Timeout(30)
class TestContainerReadClient {
    private static final BlockId BLOCK =
            BlockId.newBuilder().setContainerId(1).setLocalId(2).build();

    private Server server;
    private ContainerReadClient client;

    @BeforeEach
    void start() throws Exception {
        server = NettyServerBuilder.forAddress(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0))
                .addService(new FakeReadService())
                .build()
                .start();
        client = ContainerReadClient.connect(DatanodeDetails.newBuilder()
                .setUuid("dn")
                .setIpAddress(InetAddress.getLoopbackAddress().getHostAddress())
                .setStandalonePort(server.getPort())
                .build());
    }

    @AfterEach
    void stop() throws Exception {
        client.close();
        server.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
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

    /** Serves chunk i with its checksums; offset CORRUPT returns a flipped byte, offset BREAK fails the stream. */
    private static final class FakeReadService extends ContainerReadServiceGrpc.ContainerReadServiceImplBase {
        static final int CORRUPT = 100;
        static final int BREAK = 101;

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

                @Override
                public void onCompleted() {
                    responses.onCompleted();
                }
            };
        }
    }
}
