package dev.o3.om.testing;

import dev.o3.common.grpc.GrpcConfig;
import dev.o3.common.grpc.GrpcExecutor;
import dev.o3.common.grpc.GrpcFactory;
import dev.o3.common.grpc.GrpcServer;
import dev.o3.proto.hdds.BlockId;
import dev.o3.proto.hdds.DatanodeDetails;
import dev.o3.proto.hdds.Pipeline;
import dev.o3.proto.hdds.PipelineState;
import dev.o3.proto.scm.AllocateBlockRequest;
import dev.o3.proto.scm.AllocateBlockResponse;
import dev.o3.proto.scm.AllocatedBlock;
import dev.o3.proto.scm.ContainerLocation;
import dev.o3.proto.scm.DeleteKeyBlocksRequest;
import dev.o3.proto.scm.DeleteKeyBlocksResponse;
import dev.o3.proto.scm.GetContainerLocationsRequest;
import dev.o3.proto.scm.GetContainerLocationsResponse;
import dev.o3.proto.scm.ScmBlockServiceGrpc;
import io.grpc.stub.StreamObserver;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A hand-written SCM block service on 127.0.0.1:0: hands out increasing block ids in container 1 on one fake pipeline,
 * and names that pipeline's members as the container's replicas until a test moves them.
 */
public final class FakeScm extends ScmBlockServiceGrpc.ScmBlockServiceImplBase implements AutoCloseable {
    private final AtomicLong localIds = new AtomicLong();
    private final List<BlockId> deleted = new CopyOnWriteArrayList<>();
    private final List<AllocateBlockRequest> allocations = new CopyOnWriteArrayList<>();
    private final Pipeline pipeline = Pipeline.newBuilder()
            .setId(UUID.randomUUID().toString())
            .setState(PipelineState.PIPELINE_OPEN)
            .addMembers(DatanodeDetails.newBuilder()
                    .setUuid(UUID.randomUUID().toString())
                    .setHostName("127.0.0.1")
                    .setIpAddress("127.0.0.1"))
            .build();
    private final Map<Long, List<DatanodeDetails>> replicas = new ConcurrentHashMap<>();
    private final AtomicInteger locationCalls = new AtomicInteger();
    private final GrpcServer server;

    public FakeScm() {
        server = GrpcFactory.server(
                        "fake SCM",
                        new InetSocketAddress(InetAddress.getLoopbackAddress(), 0),
                        GrpcConfig.defaults(),
                        GrpcExecutor.cachedPool("fake-scm"),
                        bindService())
                .start();
    }

    /** The pipeline every block is allocated on. */
    public Pipeline pipeline() {
        return pipeline;
    }

    /** From now on the container's replicas are on {@code datanodes}, as after re-replication. */
    public void moveContainer(long containerId, List<DatanodeDetails> datanodes) {
        replicas.put(containerId, List.copyOf(datanodes));
    }

    /** GetContainerLocations calls received. */
    public int locationCalls() {
        return locationCalls.get();
    }

    public String address() {
        return "127.0.0.1:" + server.port();
    }

    /** Block ids handed back for deletion. */
    public List<BlockId> deleted() {
        return deleted;
    }

    /** Every AllocateBlock call received, in order. */
    public List<AllocateBlockRequest> allocations() {
        return allocations;
    }

    @Override
    public void allocateBlock(AllocateBlockRequest request, StreamObserver<AllocateBlockResponse> observer) {
        allocations.add(request);
        AllocateBlockResponse.Builder response = AllocateBlockResponse.newBuilder();
        for (int i = 0; i < Math.max(1, request.getCount()); i++) {
            response.addBlocks(AllocatedBlock.newBuilder()
                    .setBlockId(BlockId.newBuilder().setContainerId(1).setLocalId(localIds.incrementAndGet()))
                    .setPipeline(pipeline));
        }
        observer.onNext(response.build());
        observer.onCompleted();
    }

    @Override
    public void deleteKeyBlocks(DeleteKeyBlocksRequest request, StreamObserver<DeleteKeyBlocksResponse> observer) {
        deleted.addAll(request.getBlocksList());
        observer.onNext(DeleteKeyBlocksResponse.getDefaultInstance());
        observer.onCompleted();
    }

    @Override
    public void getContainerLocations(
            GetContainerLocationsRequest request, StreamObserver<GetContainerLocationsResponse> observer) {
        locationCalls.incrementAndGet();
        GetContainerLocationsResponse.Builder response = GetContainerLocationsResponse.newBuilder();
        for (long id : request.getContainerIdsList()) {
            List<DatanodeDetails> holders = replicas.getOrDefault(id, id == 1 ? pipeline.getMembersList() : null);
            if (holders != null) {
                response.addLocations(
                        ContainerLocation.newBuilder().setContainerId(id).addAllReplicas(holders));
            }
        }
        observer.onNext(response.build());
        observer.onCompleted();
    }

    @Override
    public void close() {
        server.close();
    }
}
