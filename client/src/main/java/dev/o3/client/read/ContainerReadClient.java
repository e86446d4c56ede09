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
 * <p>Thread-safe. Futures complete on the channel's transport thread; do not block in their callbacks. A broken
 * stream fails the requests in flight on it and the next request on its lane opens a new one; a request sent while the
 * datanode cannot be reached fails at once.
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
        // Responses are handled on the transport thread: completing a request's future (and verifying its chunks'
        // checksums) is all they need; a hand-off to gRPC's executor per response measured 1.25x fewer warm 4 KiB
        // GETs at 8 concurrent (with epoll), and no difference at 32 (docs/benchmarks.md).
        this.stub = ContainerReadServiceGrpc.newStub(channel).withExecutor(Runnable::run);
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

    /**
     * A slot for one stream at a time: a failed or closed stream is replaced by a new one on the next request. The
     * lane's lock orders the start of a stream and its requests; a {@link Stream}'s own lock guards its futures, and is
     * never held while taking the lane's (the transport thread fails a stream without touching the lane).
     */
    private final class Lane {
        @GuardedBy("this")
        private Stream current;

        synchronized int inFlight() {
            return current == null ? 0 : current.inFlight();
        }

        CompletableFuture<ContainerCommandResponse> send(ContainerCommandRequest request) {
            CompletableFuture<ContainerCommandResponse> future = new CompletableFuture<>();
            synchronized (this) {
                if (current == null || current.isFailed()) {
                    current = new Stream();
                    current.start();
                }
                // A stream whose call failed while starting (the channel cannot connect) fails this request at once:
                // its future must never wait on a stream that will not answer.
                if (current.enqueue(future)) {
                    current.requests.onNext(request);
                }
            }
            return future;
        }

        synchronized void close() {
            if (current != null && !current.isFailed()) {
                current.requests.onCompleted();
            }
            current = null;
        }
    }

    /**
     * One bidirectional call and the futures of its requests in flight, in request order. Responses arrive on the
     * channel's transport thread, which completes the futures (and verifies their chunks) without a hand-off; gRPC may
     * also fail the call inside {@code stub.send} itself, before the caller holds the request stream.
     */
    private final class Stream implements StreamObserver<ContainerCommandResponse> {
        @GuardedBy("this")
        private final Queue<CompletableFuture<ContainerCommandResponse>> pending = new ArrayDeque<>();

        @GuardedBy("this")
        private Throwable failure;

        private StreamObserver<ContainerCommandRequest> requests;

        void start() {
            requests = stub.send(this);
        }

        synchronized int inFlight() {
            return pending.size();
        }

        synchronized boolean isFailed() {
            return failure != null;
        }

        /** Adds {@code future} to the stream's, or fails it with the stream's failure and answers false. */
        boolean enqueue(CompletableFuture<ContainerCommandResponse> future) {
            Throwable error;
            synchronized (this) {
                if (failure == null) {
                    pending.add(future);
                    return true;
                }
                error = failure;
            }
            future.completeExceptionally(error);
            return false;
        }

        @Override
        public void onNext(ContainerCommandResponse response) {
            CompletableFuture<ContainerCommandResponse> future;
            synchronized (this) {
                future = pending.poll();
            }
            if (future != null) {
                future.complete(response);
            }
        }

        @Override
        public void onError(Throwable error) {
            fail(error);
        }

        @Override
        public void onCompleted() {
            fail(new IllegalStateException("read stream to datanode " + datanodeUuid + " closed by the server"));
        }

        private void fail(Throwable error) {
            List<CompletableFuture<ContainerCommandResponse>> failed;
            synchronized (this) {
                failure = error;
                failed = List.copyOf(pending);
                pending.clear();
            }
            failed.forEach(future -> future.completeExceptionally(error));
        }
    }
}
