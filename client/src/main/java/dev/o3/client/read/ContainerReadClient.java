package dev.o3.client.read;

import com.google.errorprone.annotations.concurrent.GuardedBy;
import com.google.protobuf.ByteString;
import dev.o3.common.checksum.ChecksumMismatchException;
import dev.o3.common.config.HostAndPort;
import dev.o3.common.container.ChunkChecksums;
import dev.o3.common.container.ContainerCommandException;
import dev.o3.common.grpc.GrpcConfig;
import dev.o3.common.grpc.GrpcFactory;
import dev.o3.proto.container.BlockData;
import dev.o3.proto.container.ContainerCommandRequest;
import dev.o3.proto.container.ContainerCommandResponse;
import dev.o3.proto.container.ContainerReadServiceGrpc;
import dev.o3.proto.container.ContainerResult;
import dev.o3.proto.container.GetBlockRequest;
import dev.o3.proto.container.GetBlockResponse;
import dev.o3.proto.container.ListBlockRequest;
import dev.o3.proto.container.ReadChunkRequest;
import dev.o3.proto.container.ReadChunkResponse;
import dev.o3.proto.hdds.BlockId;
import dev.o3.proto.hdds.ChunkInfo;
import dev.o3.proto.hdds.DatanodeDetails;
import io.grpc.ManagedChannel;
import io.grpc.stub.StreamObserver;
import java.util.ArrayDeque;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;

/**
 * Reads from one datanode's read service ({@code ContainerReadService.Send}, docs/internals.md "Reads") over a few
 * persistent bidirectional streams: requests are pipelined, and each stream's are answered in order. The service
 * handles one stream's requests one at a time, so a request goes to the stream with the fewest in flight: with a
 * single stream, concurrent readers of a datanode (a gateway's GETs) queued behind each other's disk reads. Every
 * chunk is verified against its CRC32C before it is returned; a mismatch fails the future with {@link
 * ChecksumMismatchException} so the caller moves to the next replica.
 *
 * <p>Thread-safe. Futures complete on gRPC threads; do not block in their callbacks. A broken stream fails the
 * requests in flight on it and the next request on it opens a new one.
 */
public final class ContainerReadClient implements AutoCloseable {
    /** Streams per datanode: how many requests the datanode may serve for this client at the same time. */
    public static final int STREAMS = 8;

    private final ManagedChannel channel;
    private final ContainerReadServiceGrpc.ContainerReadServiceStub stub;
    private final String datanodeUuid;
    private final List<Lane> lanes;
    private final AtomicInteger next = new AtomicInteger();

    private ContainerReadClient(ManagedChannel channel, String datanodeUuid) {
        this.channel = channel;
        this.stub = ContainerReadServiceGrpc.newStub(channel);
        this.datanodeUuid = datanodeUuid;
        this.lanes = IntStream.range(0, STREAMS).mapToObj(i -> new Lane()).toList();
    }

    /** A client of the datanode's standalone (read) port, over a channel with {@code grpc} settings. */
    public static ContainerReadClient connect(DatanodeDetails datanode, GrpcConfig grpc) {
        String host = datanode.getHostName().isEmpty() ? datanode.getIpAddress() : datanode.getHostName();
        ManagedChannel channel = GrpcFactory.channel(new HostAndPort(host, datanode.getStandalonePort()), grpc);
        return new ContainerReadClient(channel, datanode.getUuid());
    }

    /** Sends any command; completes with the response whatever its result. */
    public CompletableFuture<ContainerCommandResponse> send(ContainerCommandRequest request) {
        return leastBusyLane()
                .send(request.toBuilder().setDatanodeUuid(datanodeUuid).build());
    }

    /**
     * The committed metadata of a block; fails with {@link ContainerCommandException} (e.g. BCSID_MISMATCH). {@code
     * token} is the block's READ token from OM (empty when security is off).
     */
    public CompletableFuture<BlockData> getBlock(BlockId blockId, ByteString token) {
        return getBlock(blockId, token, 0, 0).thenApply(GetBlockResponse::getBlock);
    }

    /**
     * The committed metadata of a block with the data of its chunks overlapping {@code [readOffset, readOffset +
     * readLength)}: whole chunks, in block order, as many as the datanode sends (container.proto), each verified as
     * {@link #readChunk} verifies its chunk. The first read of a block in one round trip; {@code token} as for
     * {@link #getBlock(BlockId, ByteString)}.
     *
     * @return a future failed with {@link ChecksumMismatchException} (wrapped) when a chunk's data is corrupt
     */
    public CompletableFuture<GetBlockResponse> getBlock(
            BlockId blockId, ByteString token, long readOffset, long readLength) {
        return getBlock(blockId, token, readOffset, readLength, false);
    }

    /**
     * As {@link #getBlock(BlockId, ByteString, long, long)}; with {@code shortCircuit}, a datanode on this host that
     * allows it answers with the block file's path instead of chunk data (container.proto).
     */
    public CompletableFuture<GetBlockResponse> getBlock(
            BlockId blockId, ByteString token, long readOffset, long readLength, boolean shortCircuit) {
        return send(ContainerCommandRequest.newBuilder()
                        .setContainerId(blockId.getContainerId())
                        .setBlockToken(token)
                        .setGetBlock(GetBlockRequest.newBuilder()
                                .setBlockId(blockId)
                                .setReadOffset(readOffset)
                                .setReadLength(readLength)
                                .setShortCircuit(shortCircuit))
                        .build())
                .thenApply(response -> verified(successful(response).getGetBlock()));
    }

    /**
     * Up to {@code count} committed blocks of a container from {@code startLocalId} on; {@code token} is a container
     * token for it from SCM ({@code ScmAdminClient#containerToken}; empty when security is off).
     */
    public CompletableFuture<List<BlockData>> listBlocks(
            long containerId, long startLocalId, int count, ByteString token) {
        return send(ContainerCommandRequest.newBuilder()
                        .setContainerId(containerId)
                        .setContainerToken(token)
                        .setListBlock(ListBlockRequest.newBuilder()
                                .setStartLocalId(startLocalId)
                                .setCount(count))
                        .build())
                .thenApply(response -> successful(response).getListBlock().getBlocksList());
    }

    /**
     * One chunk's data, verified against the checksums the datanode returned with it; {@code token} as for {@link
     * #getBlock}.
     *
     * @return a future failed with {@link ChecksumMismatchException} (wrapped) when the data is corrupt
     */
    public CompletableFuture<ByteString> readChunk(BlockId blockId, ChunkInfo chunk, ByteString token) {
        return send(ContainerCommandRequest.newBuilder()
                        .setContainerId(blockId.getContainerId())
                        .setBlockToken(token)
                        .setReadChunk(ReadChunkRequest.newBuilder()
                                .setBlockId(blockId)
                                .setChunk(chunk))
                        .build())
                .thenApply(response -> verified(successful(response).getReadChunk()));
    }

    @Override
    public void close() {
        lanes.forEach(Lane::close);
        GrpcFactory.close(channel);
    }

    /** The stream with the fewest requests in flight, the search starting at a rotating lane to spread ties. */
    private Lane leastBusyLane() {
        int first = Math.floorMod(next.getAndIncrement(), lanes.size());
        Lane best = lanes.get(first);
        int bestLoad = best.inFlight();
        for (int i = 1; i < lanes.size() && bestLoad > 0; i++) {
            Lane lane = lanes.get((first + i) % lanes.size());
            int load = lane.inFlight();
            if (load < bestLoad) {
                best = lane;
                bestLoad = load;
            }
        }
        return best;
    }

    private static ContainerCommandResponse successful(ContainerCommandResponse response) {
        if (response.getResult() != ContainerResult.SUCCESS) {
            throw new ContainerCommandException(response.getResult(), response.getMessage());
        }
        return response;
    }

    private static ByteString verified(ReadChunkResponse response) {
        try {
            ChunkChecksums.verify(response.getChunk(), response.getData().asReadOnlyByteBuffer());
        } catch (ChecksumMismatchException e) {
            throw new CompletionException(e);
        }
        return response.getData();
    }

    private static GetBlockResponse verified(GetBlockResponse response) {
        response.getChunksList().forEach(ContainerReadClient::verified);
        return response;
    }

    /** One stream and the futures of its requests in flight, in request order. */
    private final class Lane {
        @GuardedBy("this")
        private final Queue<CompletableFuture<ContainerCommandResponse>> pending = new ArrayDeque<>();

        @GuardedBy("this")
        private StreamObserver<ContainerCommandRequest> requests;

        synchronized int inFlight() {
            return pending.size();
        }

        CompletableFuture<ContainerCommandResponse> send(ContainerCommandRequest request) {
            CompletableFuture<ContainerCommandResponse> future = new CompletableFuture<>();
            synchronized (this) {
                if (requests == null) {
                    requests = stub.send(new ResponseObserver(this));
                }
                pending.add(future);
                requests.onNext(request);
            }
            return future;
        }

        synchronized CompletableFuture<ContainerCommandResponse> nextPending() {
            return pending.poll();
        }

        void failAll(Throwable error) {
            synchronized (this) {
                requests = null;
                CompletableFuture<ContainerCommandResponse> future;
                while ((future = pending.poll()) != null) {
                    future.completeExceptionally(error);
                }
            }
        }

        synchronized void close() {
            if (requests != null) {
                requests.onCompleted();
                requests = null;
            }
        }
    }

    /** Completes a lane's pending futures in request order. */
    private final class ResponseObserver implements StreamObserver<ContainerCommandResponse> {
        private final Lane lane;

        ResponseObserver(Lane lane) {
            this.lane = lane;
        }

        @Override
        public void onNext(ContainerCommandResponse response) {
            CompletableFuture<ContainerCommandResponse> future = lane.nextPending();
            if (future != null) {
                future.complete(response);
            }
        }

        @Override
        public void onError(Throwable error) {
            lane.failAll(error);
        }

        @Override
        public void onCompleted() {
            lane.failAll(
                    new IllegalStateException("read stream to datanode " + datanodeUuid + " closed by the server"));
        }
    }
}
