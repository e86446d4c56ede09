package dev.o3.om.scm;

import dev.o3.common.config.HostAndPort;
import dev.o3.common.grpc.GrpcConfig;
import dev.o3.common.grpc.GrpcFactory;
import dev.o3.om.request.OmException;
import dev.o3.proto.hdds.BlockId;
import dev.o3.proto.hdds.ReplicationConfig;
import dev.o3.proto.hdds.SecretKeyProto;
import dev.o3.proto.om.OmStatus;
import dev.o3.proto.scm.AllocateBlockRequest;
import dev.o3.proto.scm.AllocateBlockResponse;
import dev.o3.proto.scm.AllocatedBlock;
import dev.o3.proto.scm.ContainerLocation;
import dev.o3.proto.scm.DeleteKeyBlocksRequest;
import dev.o3.proto.scm.ExcludeList;
import dev.o3.proto.scm.GetContainerLocationsRequest;
import dev.o3.proto.scm.GetContainerLocationsResponse;
import dev.o3.proto.scm.GetSecretKeysRequest;
import dev.o3.proto.scm.ScmBlockServiceGrpc;
import io.grpc.Context;
import io.grpc.ManagedChannel;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.stub.StreamObserver;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * OM's client of SCM's block service over one persistent gRPC channel: allocates blocks for keys, hands deleted keys'
 * blocks to SCM's deleted-block log and asks where containers are read from, each with the configured deadline.
 * Allocation and location calls are asynchronous (they are on the path of client requests); deletion blocks
 * (background work). Thread-safe; close it to release the channel.
 */
public final class ScmBlockClient implements AutoCloseable {
    private final HostAndPort address;
    private final ManagedChannel channel;
    private final Duration timeout;
    private final ScmBlockServiceGrpc.ScmBlockServiceStub asyncStub;
    private final AllocationBatcher batcher = new AllocationBatcher(this::call);

    public ScmBlockClient(HostAndPort address, Duration timeout, GrpcConfig grpc) {
        this.address = address;
        this.timeout = timeout;
        this.channel = GrpcFactory.channelBuilder(address, grpc)
                // SCM errors go back to the client, which retries; gRPC's own retry only adds buffering per call.
                .disableRetry()
                .build();
        // Callbacks on the transport thread: the continuation only hands the request on to Ratis.
        this.asyncStub = ScmBlockServiceGrpc.newStub(channel).withExecutor(Runnable::run);
    }

    /**
     * Allocates {@code count} blocks of {@code blockSize} bytes without blocking; concurrent requests without an
     * exclude list share SCM calls ({@link AllocationBatcher}). The future completes on the channel's transport
     * thread, so dependents must not block.
     *
     * @return the blocks, or a failure with {@link ScmUnavailableException} when SCM cannot be reached or refuses
     */
    public CompletableFuture<List<AllocatedBlock>> allocate(
            long blockSize, int count, ReplicationConfig replication, String owner, ExcludeList exclude) {
        // Retries name what to avoid, so they go alone; first allocations share calls.
        boolean shareable =
                exclude.equals(ExcludeList.getDefaultInstance()) && count <= AllocationBatcher.MAX_BLOCKS_PER_CALL;
        return shareable
                ? batcher.allocate(blockSize, count, replication, owner)
                : call(blockSize, count, replication, owner, exclude);
    }

    /** One AllocateBlock call. */
    private CompletableFuture<List<AllocatedBlock>> call(
            long blockSize, int count, ReplicationConfig replication, String owner, ExcludeList exclude) {
        CompletableFuture<List<AllocatedBlock>> blocks = new CompletableFuture<>();
        AllocateBlockRequest request = AllocateBlockRequest.newBuilder()
                .setSize(blockSize)
                .setCount(count)
                .setReplication(replication)
                .setOwner(owner)
                .setExclude(exclude)
                .build();
        // A batch outlives the client call that started it, so it must not inherit (and die with) that call's context.
        Context.ROOT.run(() -> asyncStub
                .withDeadlineAfter(timeout.toMillis(), TimeUnit.MILLISECONDS)
                .allocateBlock(request, new StreamObserver<>() {
                    @Override
                    public void onNext(AllocateBlockResponse response) {
                        blocks.complete(response.getBlocksList());
                    }

                    @Override
                    public void onError(Throwable failure) {
                        blocks.completeExceptionally(allocationFailure(Status.fromThrowable(failure), failure));
                    }

                    @Override
                    public void onCompleted() {
                        // onNext completed the future.
                    }
                }));
        return blocks;
    }

    /**
     * What a refused allocation means to OM's client. SCM refuses a request it can never serve (e.g. a replication it
     * does not offer) as INVALID_ARGUMENT, the client's mistake, and a cluster without room as RESOURCE_EXHAUSTED:
     * neither is an outage worth retrying, unlike everything else.
     */
    private Exception allocationFailure(Status status, Throwable failure) {
        return switch (status.getCode()) {
            case INVALID_ARGUMENT -> new OmException(
                    OmStatus.INVALID_REQUEST, "SCM refused the block request: " + status.getDescription());
            case RESOURCE_EXHAUSTED -> new OmException(
                    OmStatus.NO_SPACE, "no room for a new block: " + status.getDescription());
            default -> new ScmUnavailableException(
                    "block allocation at SCM " + address + " failed: " + status, failure);
        };
    }

    /**
     * Where the containers are read from now, without blocking; containers SCM does not know are left out. The future
     * completes on the channel's transport thread, so dependents must not block.
     *
     * @return the locations, or a failure with {@link ScmUnavailableException} when SCM cannot be reached or refuses
     */
    public CompletableFuture<List<ContainerLocation>> containerLocations(Collection<Long> containerIds) {
        CompletableFuture<List<ContainerLocation>> locations = new CompletableFuture<>();
        GetContainerLocationsRequest request = GetContainerLocationsRequest.newBuilder()
                .addAllContainerIds(containerIds)
                .build();
        Context.ROOT.run(() -> asyncStub
                .withDeadlineAfter(timeout.toMillis(), TimeUnit.MILLISECONDS)
                .getContainerLocations(request, new StreamObserver<>() {
                    @Override
                    public void onNext(GetContainerLocationsResponse response) {
                        locations.complete(response.getLocationsList());
                    }

                    @Override
                    public void onError(Throwable failure) {
                        locations.completeExceptionally(new ScmUnavailableException(
                                "container locations from SCM " + address + " failed: " + Status.fromThrowable(failure),
                                failure));
                    }

                    @Override
                    public void onCompleted() {
                        // onNext completed the future.
                    }
                }));
        return locations;
    }

    /**
     * Hands a deleted key's blocks to SCM, which deletes them on the datanodes.
     *
     * @throws ScmUnavailableException when SCM cannot be reached or refuses
     */
    public void deleteBlocks(String keyName, List<BlockId> blocks) {
        try {
            var unused = stub().deleteKeyBlocks(DeleteKeyBlocksRequest.newBuilder()
                    .setKeyName(keyName)
                    .addAllBlocks(blocks)
                    .build());
        } catch (StatusRuntimeException e) {
            throw new ScmUnavailableException("block deletion at SCM " + address + " failed: " + e.getStatus(), e);
        }
    }

    /**
     * SCM's unexpired block-token keys (secure mode), oldest first.
     *
     * @throws ScmUnavailableException when SCM cannot be reached
     */
    public List<SecretKeyProto> secretKeys() {
        try {
            return stub().getSecretKeys(GetSecretKeysRequest.getDefaultInstance())
                    .getKeysList();
        } catch (StatusRuntimeException e) {
            throw new ScmUnavailableException("block-token keys from SCM " + address + ": " + e.getStatus(), e);
        }
    }

    private ScmBlockServiceGrpc.ScmBlockServiceBlockingStub stub() {
        return ScmBlockServiceGrpc.newBlockingStub(channel)
                .withDeadlineAfter(timeout.toMillis(), TimeUnit.MILLISECONDS);
    }

    @Override
    public void close() {
        GrpcFactory.close(channel);
    }
}
