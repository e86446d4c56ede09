package dev.o3.common.ratis;

import com.google.protobuf.ByteString;
import com.google.protobuf.InvalidProtocolBufferException;
import dev.o3.common.container.ContainerCommandException;
import dev.o3.common.container.VolumeFullException;
import dev.o3.common.grpc.TransportSecurity;
import dev.o3.common.security.BlockTokenException;
import dev.o3.proto.container.BlockData;
import dev.o3.proto.container.CloseContainerRequest;
import dev.o3.proto.container.ContainerCommandRequest;
import dev.o3.proto.container.ContainerCommandResponse;
import dev.o3.proto.container.ContainerResult;
import dev.o3.proto.container.PutBlockRequest;
import dev.o3.proto.container.PutBlockResponse;
import dev.o3.proto.container.WriteChunkRequest;
import dev.o3.proto.hdds.BlockId;
import dev.o3.proto.hdds.ChunkInfo;
import dev.o3.proto.hdds.Pipeline;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import org.apache.ratis.client.RaftClient;
import org.apache.ratis.client.RaftClientConfigKeys;
import org.apache.ratis.client.retry.RequestTypeDependentRetryPolicy;
import org.apache.ratis.conf.RaftProperties;
import org.apache.ratis.grpc.GrpcConfigKeys;
import org.apache.ratis.proto.RaftProtos.RaftClientRequestProto;
import org.apache.ratis.proto.RaftProtos.ReplicationLevel;
import org.apache.ratis.protocol.RaftClientReply;
import org.apache.ratis.protocol.RaftGroup;
import org.apache.ratis.protocol.RaftPeer;
import org.apache.ratis.protocol.RaftPeerId;
import org.apache.ratis.protocol.exceptions.StateMachineException;
import org.apache.ratis.retry.RetryPolicies;
import org.apache.ratis.retry.RetryPolicy;
import org.apache.ratis.util.SizeInBytes;
import org.apache.ratis.util.TimeDuration;

/**
 * Sends container commands to one pipeline's Raft group (docs/internals.md, "Writes"). WriteChunk data is wrapped,
 * never copied ({@link ContainerMessages}); the leader's state machine moves it out of the log entry.
 *
 * <p>Thread-safe; requests are ordered per client and many may be in flight (the client's write window). Futures
 * complete on Ratis' threads: do not block in their callbacks. A response other than SUCCESS fails the future with a
 * {@link ContainerCommandException}. A leader change or an unreachable member is retried until {@link
 * RatisClientOptions#retryTimeout()}, then fails the future with Ratis' exception.
 */
public final class ContainerRatisClient implements AutoCloseable {
    private final RaftGroup group;
    private final String pipelineId;
    private final RaftClient client;

    private ContainerRatisClient(
            RaftGroup group, Optional<RaftPeerId> leader, RatisClientOptions options, TransportSecurity security) {
        this.group = Objects.requireNonNull(group, "group is null");
        this.pipelineId = RatisPipelines.pipelineId(group.getGroupId());
        RaftProperties properties = new RaftProperties();
        RaftClientConfigKeys.Rpc.setRequestTimeout(properties, duration(options.requestTimeout()));
        RaftClientConfigKeys.Rpc.setWatchRequestTimeout(properties, duration(options.requestTimeout()));
        GrpcConfigKeys.setMessageSizeMax(properties, SizeInBytes.valueOf(options.messageSizeMax()));
        RaftClient.Builder builder = RaftClient.newBuilder()
                .setRaftGroup(group)
                .setProperties(properties)
                .setRetryPolicy(retryPolicy(options));
        leader.ifPresent(builder::setLeaderId);
        RatisTls.client(security).ifPresent(builder::setParameters);
        this.client = builder.build();
    }

    /** A plaintext client for a pipeline (tests and tools of a cluster without TLS). */
    public static ContainerRatisClient connect(Pipeline pipeline, RatisClientOptions options) {
        return connect(pipeline, options, TransportSecurity.PLAINTEXT);
    }

    /** A client for a pipeline from SCM or OM; its first requests go to the leader the pipeline names. */
    public static ContainerRatisClient connect(
            Pipeline pipeline, RatisClientOptions options, TransportSecurity security) {
        RaftGroup group = RatisPipelines.toRaftGroup(pipeline);
        Optional<RaftPeerId> leader = group.getPeers().stream()
                .map(RaftPeer::getId)
                .filter(id -> id.toString().equals(pipeline.getLeaderId()))
                .findFirst();
        return new ContainerRatisClient(group, leader, options, security);
    }

    /** A client for a Raft group (datanodes submitting to their own pipeline). */
    public static ContainerRatisClient connect(
            RaftGroup group, RatisClientOptions options, TransportSecurity security) {
        return new ContainerRatisClient(group, Optional.empty(), options, security);
    }

    /**
     * Writes and watches are retried (through leader changes and unreachable members, each retry going to the leader
     * the last answer named) every {@code retryInterval} until {@code retryTimeout} after the first attempt.
     */
    private static RetryPolicy retryPolicy(RatisClientOptions options) {
        RetryPolicy retry = RetryPolicies.retryForeverWithSleep(duration(options.retryInterval()));
        TimeDuration timeout = duration(options.retryTimeout());
        return RequestTypeDependentRetryPolicy.newBuilder()
                .setRetryPolicy(RaftClientRequestProto.TypeCase.WRITE, retry)
                .setTimeout(RaftClientRequestProto.TypeCase.WRITE, timeout)
                .setRetryPolicy(RaftClientRequestProto.TypeCase.WATCH, retry)
                .setTimeout(RaftClientRequestProto.TypeCase.WATCH, timeout)
                .build();
    }

    public String pipelineId() {
        return pipelineId;
    }

    public RaftGroup group() {
        return group;
    }

    /** The datanode UUID this client currently takes for the pipeline's leader; it changes when the leader does. */
    public Optional<String> leaderId() {
        return Optional.ofNullable(client.getLeaderId()).map(RaftPeerId::toString);
    }

    /**
     * Submits any write command; the pipeline id is filled in.
     *
     * @return the SUCCESS response, or a future failed with {@link ContainerCommandException}
     */
    public CompletableFuture<ContainerCommandResponse> send(ContainerCommandRequest request) {
        ContainerCommandRequest addressed =
                request.toBuilder().setPipelineId(pipelineId).build();
        // a refused token is the container token of a close, else a block token
        ContainerResult tokenRefused = request.hasCloseContainer()
                ? ContainerResult.CONTAINER_TOKEN_VERIFICATION_FAILED
                : ContainerResult.BLOCK_TOKEN_VERIFICATION_FAILED;
        return client.async().send(ContainerMessages.encode(addressed)).handle((reply, error) -> {
            if (error != null) {
                throw refused(error, tokenRefused);
            }
            return response(reply, tokenRefused);
        });
    }

    /**
     * Writes one chunk of a block; {@code data} must not change until the future completes. {@code token} is the
     * block's WRITE token from OM (empty when security is off).
     */
    public CompletableFuture<ContainerCommandResponse> writeChunk(
            BlockId blockId, ChunkInfo chunk, ByteString data, ByteString token) {
        return send(ContainerCommandRequest.newBuilder()
                .setContainerId(blockId.getContainerId())
                .setBlockToken(token)
                .setWriteChunk(WriteChunkRequest.newBuilder()
                        .setBlockId(blockId)
                        .setChunk(chunk)
                        .setData(data))
                .build());
    }

    /**
     * Writes the last chunk of a block and commits the block ({@code block}'s chunk list ends with {@code chunk}) in
     * one Raft transaction; the response carries the BCSID as for {@link #putBlock}.
     */
    public CompletableFuture<PutBlockResponse> writeChunkAndPutBlock(
            ChunkInfo chunk, ByteString data, BlockData block, ByteString token) {
        return send(lastChunkCommand(chunk, data, block, token)).thenApply(ContainerCommandResponse::getPutBlock);
    }

    /** The command of {@link #writeChunkAndPutBlock}, to {@link #send} alone or in a write batch. */
    public static ContainerCommandRequest lastChunkCommand(
            ChunkInfo chunk, ByteString data, BlockData block, ByteString token) {
        return ContainerCommandRequest.newBuilder()
                .setContainerId(block.getBlockId().getContainerId())
                .setBlockToken(token)
                .setWriteChunk(WriteChunkRequest.newBuilder()
                        .setBlockId(block.getBlockId())
                        .setChunk(chunk)
                        .setData(data)
                        .setPutBlock(
                                PutBlockRequest.newBuilder().setBlock(block).setEof(true)))
                .build();
    }

    /** Commits a block's chunk list; the response carries the BCSID (the Raft index that applied it). */
    public CompletableFuture<PutBlockResponse> putBlock(BlockData block, boolean eof, ByteString token) {
        return send(ContainerCommandRequest.newBuilder()
                        .setContainerId(block.getBlockId().getContainerId())
                        .setBlockToken(token)
                        .setPutBlock(
                                PutBlockRequest.newBuilder().setBlock(block).setEof(eof))
                        .build())
                .thenApply(ContainerCommandResponse::getPutBlock);
    }

    /**
     * Closes a container on every replica at the same log index; {@code token} is a container token for it (empty when
     * security is off).
     */
    public CompletableFuture<ContainerCommandResponse> closeContainer(long containerId, ByteString token) {
        return send(ContainerCommandRequest.newBuilder()
                .setContainerId(containerId)
                .setContainerToken(token)
                .setCloseContainer(CloseContainerRequest.getDefaultInstance())
                .build());
    }

    /** Completes once every member has committed the given log index (e.g. a PutBlock's BCSID). */
    public CompletableFuture<Long> watchAllCommitted(long index) {
        return client.async().watch(index, ReplicationLevel.ALL_COMMITTED).thenApply(reply -> {
            if (!reply.isSuccess()) {
                throw new CompletionException(reply.getException());
            }
            return reply.getLogIndex();
        });
    }

    @Override
    public void close() {
        try {
            client.close();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot close the Ratis client of pipeline " + pipelineId, e);
        }
    }

    private static ContainerCommandResponse response(RaftClientReply reply, ContainerResult tokenRefused) {
        if (!reply.isSuccess()) {
            throw refused(reply.getException(), tokenRefused);
        }
        ContainerCommandResponse response;
        try {
            response = ContainerMessages.decodeResponse(reply.getMessage().getContent());
        } catch (InvalidProtocolBufferException e) {
            throw new CompletionException(e);
        }
        if (response.getResult() != ContainerResult.SUCCESS) {
            throw new ContainerCommandException(response.getResult(), response.getMessage());
        }
        return response;
    }

    /**
     * A leader's refusal (a {@link StateMachineException} Ratis rebuilt around the datanode's exception) as a {@link
     * ContainerCommandException}: a refused token as {@code tokenRefused}, a full volume as DISK_OUT_OF_SPACE; any
     * other failure unchanged.
     */
    private static RuntimeException refused(Throwable failure, ContainerResult tokenRefused) {
        Throwable cause = failure instanceof CompletionException wrapped && wrapped.getCause() != null
                ? wrapped.getCause()
                : failure;
        if (cause instanceof StateMachineException refused) {
            if (refused.getCause() instanceof BlockTokenException token) {
                return new ContainerCommandException(tokenRefused, token.getMessage());
            }
            if (refused.getCause() instanceof VolumeFullException full) {
                return new ContainerCommandException(ContainerResult.DISK_OUT_OF_SPACE, full.getMessage());
            }
        }
        return failure instanceof CompletionException wrapped ? wrapped : new CompletionException(failure);
    }

    private static TimeDuration duration(java.time.Duration duration) {
        return TimeDuration.valueOf(duration.toMillis(), TimeUnit.MILLISECONDS);
    }
}
