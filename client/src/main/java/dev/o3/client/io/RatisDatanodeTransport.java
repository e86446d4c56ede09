package dev.o3.client.io;

import com.google.protobuf.ByteString;
import dev.o3.client.read.ContainerReadClient;
import dev.o3.common.grpc.GrpcConfig;
import dev.o3.common.ratis.ContainerRatisClient;
import dev.o3.common.ratis.RatisClientOptions;
import dev.o3.proto.container.BlockData;
import dev.o3.proto.container.GetBlockResponse;
import dev.o3.proto.container.PutBlockResponse;
import dev.o3.proto.hdds.BlockId;
import dev.o3.proto.hdds.ChunkInfo;
import dev.o3.proto.hdds.DatanodeDetails;
import dev.o3.proto.hdds.Pipeline;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/** The real transport: writes through the pipeline's Raft group, reads from the replicas' gRPC read service. */
public final class RatisDatanodeTransport implements DatanodeTransport {
    private static final long READ_TIMEOUT_SECONDS = 60;

    private final RatisClientOptions options;
    private final GrpcConfig grpc;
    private final int smallBlockBatches;
    private final List<ContainerReadClient> readClients = new CopyOnWriteArrayList<>();

    /**
     * @param smallBlockBatches write batches of small blocks in flight per pipeline ({@link SmallBlockBatcher}); 0
     *     sends each small block alone
     */
    public RatisDatanodeTransport(RatisClientOptions options, GrpcConfig grpc, int smallBlockBatches) {
        this.options = options;
        this.grpc = grpc;
        this.smallBlockBatches = smallBlockBatches;
    }

    @Override
    public PipelineChannel openPipeline(Pipeline pipeline) {
        ContainerRatisClient client = ContainerRatisClient.connect(pipeline, options, grpc.security());
        Optional<SmallBlockBatcher> batcher = smallBlockBatches == 0
                ? Optional.empty()
                : Optional.of(new SmallBlockBatcher(client::send, smallBlockBatches));
        return new PipelineChannel() {
            @Override
            public CompletableFuture<Void> writeChunk(
                    BlockId blockId, ChunkInfo chunk, ByteString data, ByteString token) {
                return client.writeChunk(blockId, chunk, data, token).thenApply(response -> null);
            }

            @Override
            public CompletableFuture<Long> writeLastChunk(
                    ChunkInfo chunk, ByteString data, BlockData block, ByteString token) {
                boolean wholeSmallBlock = block.getChunksCount() == 1
                        && chunk.getOffset() == 0
                        && data.size() <= SmallBlockBatcher.MAX_BLOCK_BYTES;
                if (batcher.isPresent() && wholeSmallBlock) {
                    return batcher.get()
                            .submit(ContainerRatisClient.lastChunkCommand(chunk, data, block, token))
                            .thenApply(response -> response.getPutBlock().getBlockCommitSequenceId());
                }
                return client.writeChunkAndPutBlock(chunk, data, block, token)
                        .thenApply(PutBlockResponse::getBlockCommitSequenceId);
            }

            @Override
            public CompletableFuture<Long> putBlock(BlockData block, boolean eof, ByteString token) {
                return client.putBlock(block, eof, token).thenApply(PutBlockResponse::getBlockCommitSequenceId);
            }

            @Override
            public Optional<String> leaderId() {
                return client.leaderId();
            }

            @Override
            public void close() {
                client.close();
            }
        };
    }

    @Override
    public ReplicaChannel openReplica(DatanodeDetails datanode) {
        ContainerReadClient client = ContainerReadClient.connect(datanode, grpc);
        readClients.add(client);
        return new ReplicaChannel() {
            @Override
            public GetBlockResponse getBlock(
                    BlockId blockId, ByteString token, long readOffset, long readLength, boolean shortCircuit)
                    throws IOException {
                return await(client.getBlock(blockId, token, readOffset, readLength, shortCircuit), datanode);
            }

            @Override
            public CompletableFuture<GetBlockResponse> getBlockAsync(
                    BlockId blockId, ByteString token, long readOffset, long readLength, boolean shortCircuit) {
                CompletableFuture<GetBlockResponse> answer = new CompletableFuture<>();
                var unused = client.getBlock(blockId, token, readOffset, readLength, shortCircuit)
                        .orTimeout(READ_TIMEOUT_SECONDS, TimeUnit.SECONDS)
                        .whenComplete((response, failure) -> {
                            if (failure == null) {
                                answer.complete(response);
                            } else {
                                answer.completeExceptionally(readFailure(datanode, failure));
                            }
                        });
                return answer;
            }

            @Override
            public ByteString readChunk(BlockId blockId, ChunkInfo chunk, ByteString token) throws IOException {
                return await(client.readChunk(blockId, chunk, token), datanode);
            }
        };
    }

    @Override
    public void close() {
        readClients.forEach(ContainerReadClient::close);
        readClients.clear();
    }

    /** The IOException a read from {@code datanode} that failed with {@code failure} (or timed out) throws. */
    private static IOException readFailure(DatanodeDetails datanode, Throwable failure) {
        Throwable cause =
                failure instanceof CompletionException && failure.getCause() != null ? failure.getCause() : failure;
        return cause instanceof TimeoutException
                ? new IOException(datanode.getUuid() + ": no answer within " + READ_TIMEOUT_SECONDS + "s", cause)
                : new IOException(datanode.getUuid() + ": " + cause.getMessage(), cause);
    }

    private static <T> T await(Future<T> future, DatanodeDetails datanode) throws IOException {
        try {
            return future.get(READ_TIMEOUT_SECONDS, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("read from " + datanode.getUuid() + " interrupted");
        } catch (ExecutionException e) {
            throw readFailure(datanode, e.getCause());
        } catch (TimeoutException e) {
            future.cancel(true);
            throw readFailure(datanode, e);
        }
    }
}
