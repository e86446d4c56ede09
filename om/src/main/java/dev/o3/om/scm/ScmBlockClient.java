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
import dev.o3.proto.scm.BlockLease;
import dev.o3.proto.scm.ContainerLocation;
import dev.o3.proto.scm.DeleteKeyBlocksRequest;
import dev.o3.proto.scm.ExcludeList;
import dev.o3.proto.scm.GetContainerLocationsRequest;
import dev.o3.proto.scm.GetContainerLocationsResponse;
import dev.o3.proto.scm.GetSecretKeysRequest;
import dev.o3.proto.scm.LeaseBlocksRequest;
import dev.o3.proto.scm.LeaseBlocksResponse;
import dev.o3.proto.scm.LeaseRemainder;
import dev.o3.proto.scm.ReleaseBlockLeasesRequest;
import dev.o3.proto.scm.ReleaseBlockLeasesResponse;
import dev.o3.proto.scm.ScmBlockServiceGrpc;
import io.grpc.Context;
import io.grpc.ManagedChannel;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.stub.StreamObserver;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.BiConsumer;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * OM's client of SCM's block service over one persistent gRPC channel: allocates blocks for keys, hands deleted keys'
 * blocks to SCM's deleted-block log and asks where containers are read from, each with the configured deadline.
 * Allocation and location calls are asynchronous (they are on the path of client requests); deletion blocks
 * (background work). Thread-safe; close it to release the channel.
 */
public final class ScmBlockClient implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(ScmBlockClient.class);
    /** Age after which a lease takes no more keys: its pipeline may have closed since. */
    private static final Duration LEASE_LIFETIME = Duration.ofSeconds(30);

    private final HostAndPort address;
    private final ManagedChannel channel;
    private final Duration timeout;
    private final ScmBlockServiceGrpc.ScmBlockServiceStub asyncStub;
    private final AllocationBatcher batcher = new AllocationBatcher(this::call);
    private final Optional<BlockLeases> leases;

    /**
     * @param leaseBytes bytes of each block lease the OM holds for small keys ({@link BlockLeases}); 0: every key's
     *     blocks are allocated by a call
     */
    public ScmBlockClient(HostAndPort address, Duration timeout, GrpcConfig grpc, long leaseBytes) {
        this.address = address;
        this.timeout = timeout;
        this.channel = GrpcFactory.channelBuilder(address, grpc)
                // SCM errors go back to the client, which retries; gRPC's own retry only adds buffering per call.
                .disableRetry()
                .build();
        // Callbacks on the transport thread: the continuation only hands the request on to Ratis.
        this.asyncStub = ScmBlockServiceGrpc.newStub(channel).withExecutor(Runnable::run);
        this.leases = leaseBytes <= 0
                ? Optional.empty()
                : Optional.of(new BlockLeases(
                        new BlockLeases.Leaser() {
                            @Override
                            public CompletableFuture<List<BlockLease>> lease(
                                    long bytes, int ids, int count, ReplicationConfig replication) {
                                return leaseBlocks(bytes, ids, count, replication);
                            }

                            @Override
                            public void release(List<LeaseRemainder> remainders) {
                                releaseLeases(remainders);
                            }
                        },
                        (size, count, replication, owner, exclude) -> batcher.allocate(size, count, replication, owner),
                        leaseBytes,
                        LEASE_LIFETIME,
                        System::nanoTime));
    }

    /**
     * Allocates {@code count} blocks of {@code blockSize} bytes without blocking: the single block of a small key from
     * a lease ({@link BlockLeases}), when leases are on; otherwise concurrent requests without an exclude list share
     * SCM calls ({@link AllocationBatcher}), and a retry with one drops the leases on what it excludes. The future
     * completes on the channel's transport thread, so dependents must not block.
     *
     * @return the blocks, or a failure with {@link ScmUnavailableException} when SCM cannot be reached or refuses
     */
    public CompletableFuture<List<AllocatedBlock>> allocate(
            long blockSize, int count, ReplicationConfig replication, String owner, ExcludeList exclude) {
        // Retries name what to avoid, so they go alone; first allocations share calls.
        boolean shareable =
                exclude.equals(ExcludeList.getDefaultInstance()) && count <= AllocationBatcher.MAX_BLOCKS_PER_CALL;
        if (!shareable) {
            leases.ifPresent(held -> held.drop(exclude));
            return call(blockSize, count, replication, owner, exclude);
        }
        if (count == 1 && leases.isPresent() && leases.get().serves(blockSize)) {
            return leases.get().allocate(blockSize, replication, owner);
        }
        return batcher.allocate(blockSize, count, replication, owner);
    }

    private CompletableFuture<List<BlockLease>> leaseBlocks(
            long bytes, int ids, int count, ReplicationConfig replication) {
        LeaseBlocksRequest request = LeaseBlocksRequest.newBuilder()
                .setBytes(bytes)
                .setIds(ids)
                .setCount(count)
                .setReplication(replication)
                .build();
        return this.<LeaseBlocksResponse>unary(
                        (stub, observer) -> stub.leaseBlocks(request, observer),
                        failure -> allocationFailure(Status.fromThrowable(failure), failure))
                .thenApply(LeaseBlocksResponse::getLeasesList);
    }

    private void releaseLeases(List<LeaseRemainder> remainders) {
        ReleaseBlockLeasesRequest request = ReleaseBlockLeasesRequest.newBuilder()
                .addAllRemainders(remainders)
                .build();
        var unused = this.<ReleaseBlockLeasesResponse>unary(
                        (stub, observer) -> stub.releaseBlockLeases(request, observer), failure -> failure)
                .whenComplete((released, failure) -> {
                    if (failure != null) {
                        // Harmless: the bytes stay counted in their containers, as after an OM crash.
                        LOG.debug("returning unused block lease bytes to SCM {} failed", address, failure);
                    }
                });
    }

    /** One AllocateBlock call. */
    private CompletableFuture<List<AllocatedBlock>> call(
            long blockSize, int count, ReplicationConfig replication, String owner, ExcludeList exclude) {
        AllocateBlockRequest request = AllocateBlockRequest.newBuilder()
                .setSize(blockSize)
                .setCount(count)
                .setReplication(replication)
                .setOwner(owner)
                .setExclude(exclude)
                .build();
        return this.<AllocateBlockResponse>unary(
                        (stub, observer) -> stub.allocateBlock(request, observer),
                        failure -> allocationFailure(Status.fromThrowable(failure), failure))
                .thenApply(AllocateBlockResponse::getBlocksList);
    }

    /**
     * One asynchronous call with the configured deadline; a failure completes the future with what {@code failed}
     * makes of it. Batches and leases outlive the client call that started them, so the call must not inherit (and
     * die with) that call's context.
     */
    private <T> CompletableFuture<T> unary(
            BiConsumer<ScmBlockServiceGrpc.ScmBlockServiceStub, StreamObserver<T>> call,
            Function<Throwable, Throwable> failed) {
        CompletableFuture<T> answer = new CompletableFuture<>();
        Context.ROOT.run(() -> call.accept(
                asyncStub.withDeadlineAfter(timeout.toMillis(), TimeUnit.MILLISECONDS), new StreamObserver<>() {
                    @Override
                    public void onNext(T response) {
                        answer.complete(response);
                    }

                    @Override
                    public void onError(Throwable failure) {
                        answer.completeExceptionally(failed.apply(failure));
                    }

                    @Override
                    public void onCompleted() {
                        // onNext completed the future.
                    }
                }));
        return answer;
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
        GetContainerLocationsRequest request = GetContainerLocationsRequest.newBuilder()
                .addAllContainerIds(containerIds)
                .build();
        return this.<GetContainerLocationsResponse>unary(
                        (stub, observer) -> stub.getContainerLocations(request, observer),
                        failure -> new ScmUnavailableException(
                                "container locations from SCM " + address + " failed: " + Status.fromThrowable(failure),
                                failure))
                .thenApply(GetContainerLocationsResponse::getLocationsList);
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
        leases.map(BlockLeases::endAll)
                .filter(remainders -> !remainders.isEmpty())
                .ifPresent(remainders -> {
                    try {
                        var unused = stub().releaseBlockLeases(ReleaseBlockLeasesRequest.newBuilder()
                                .addAllRemainders(remainders)
                                .build());
                    } catch (StatusRuntimeException e) {
                        LOG.debug("returning unused block lease bytes to SCM {} at close failed", address, e);
                    }
                });
        GrpcFactory.close(channel);
    }
}
