package dev.o3.scm.server;

import dev.o3.proto.hdds.BlockId;
import dev.o3.proto.hdds.ReplicationConfig;
import dev.o3.proto.hdds.ReplicationFactor;
import dev.o3.proto.hdds.ReplicationType;
import dev.o3.proto.hdds.SecretKeyProto;
import dev.o3.proto.scm.AllocateBlockRequest;
import dev.o3.proto.scm.AllocateBlockResponse;
import dev.o3.proto.scm.AllocatedBlock;
import dev.o3.proto.scm.BlockLease;
import dev.o3.proto.scm.ContainerLocation;
import dev.o3.proto.scm.DeleteKeyBlocksRequest;
import dev.o3.proto.scm.DeleteKeyBlocksResponse;
import dev.o3.proto.scm.GetContainerLocationsRequest;
import dev.o3.proto.scm.GetContainerLocationsResponse;
import dev.o3.proto.scm.GetSecretKeysRequest;
import dev.o3.proto.scm.GetSecretKeysResponse;
import dev.o3.proto.scm.LeaseBlocksRequest;
import dev.o3.proto.scm.LeaseBlocksResponse;
import dev.o3.proto.scm.LeaseRemainder;
import dev.o3.proto.scm.ReleaseBlockLeasesRequest;
import dev.o3.proto.scm.ReleaseBlockLeasesResponse;
import dev.o3.proto.scm.ScmBlockServiceGrpc;
import dev.o3.scm.container.ContainerInfo;
import dev.o3.scm.error.ScmErrorCode;
import dev.o3.scm.error.ScmException;
import dev.o3.scm.node.DatanodeStatus;
import dev.o3.scm.node.NodeState;
import dev.o3.scm.wire.ScmProtoTranslator;
import dev.o3.scm.wire.StateTranslator;
import io.grpc.stub.StreamObserver;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Supplier;

/**
 * gRPC {@code ScmBlockService}: OM allocates blocks (or leases runs of them for small keys), hands over deleted ones,
 * asks where containers are read from and, in secure mode, fetches the block-token keys. Thread-safe (stateless).
 */
final class ScmBlockGrpcService extends ScmBlockServiceGrpc.ScmBlockServiceImplBase {
    private final StorageContainerManager scm;
    private final ScmProtoTranslator translator;

    private final Supplier<List<SecretKeyProto>> secretKeys;

    /** @param secretKeys the block-token keys OMs fetch (none: security off) */
    ScmBlockGrpcService(
            StorageContainerManager scm, ScmProtoTranslator translator, Supplier<List<SecretKeyProto>> secretKeys) {
        this.scm = scm;
        this.translator = translator;
        this.secretKeys = secretKeys;
    }

    @Override
    public void getSecretKeys(GetSecretKeysRequest request, StreamObserver<GetSecretKeysResponse> response) {
        response.onNext(
                GetSecretKeysResponse.newBuilder().addAllKeys(secretKeys.get()).build());
        response.onCompleted();
    }

    @Override
    public void allocateBlock(AllocateBlockRequest request, StreamObserver<AllocateBlockResponse> response) {
        ScmGrpcErrors.answer("allocateBlock", response, () -> allocate(request));
    }

    private AllocateBlockResponse allocate(AllocateBlockRequest request) {
        checkRatisThree(request.getReplication());
        AllocateBlockResponse.Builder builder = AllocateBlockResponse.newBuilder();
        scm.blocks()
                .allocate(
                        request.getSize(),
                        Math.max(1, request.getCount()),
                        ScmProtoTranslator.fromProto(request.getExclude()))
                .forEach(block -> builder.addBlocks(AllocatedBlock.newBuilder()
                        .setBlockId(BlockId.newBuilder()
                                .setContainerId(block.containerId())
                                .setLocalId(block.localId()))
                        .setPipeline(translator.toProto(block.pipeline()))));
        return builder.build();
    }

    @Override
    public void leaseBlocks(LeaseBlocksRequest request, StreamObserver<LeaseBlocksResponse> response) {
        ScmGrpcErrors.answer("leaseBlocks", response, () -> {
            checkRatisThree(request.getReplication());
            LeaseBlocksResponse.Builder builder = LeaseBlocksResponse.newBuilder();
            scm.blocks()
                    .lease(request.getBytes(), request.getIds(), request.getCount())
                    .forEach(lease -> builder.addLeases(BlockLease.newBuilder()
                            .setContainerId(lease.containerId())
                            .setFirstLocalId(lease.firstLocalId())
                            .setIds(lease.ids())
                            .setBytes(lease.bytes())
                            .setPipeline(translator.toProto(lease.pipeline()))));
            return builder.build();
        });
    }

    @Override
    public void releaseBlockLeases(
            ReleaseBlockLeasesRequest request, StreamObserver<ReleaseBlockLeasesResponse> response) {
        ScmGrpcErrors.answer("releaseBlockLeases", response, () -> {
            for (LeaseRemainder remainder : request.getRemaindersList()) {
                scm.blocks().release(remainder.getContainerId(), remainder.getBytes());
            }
            return ReleaseBlockLeasesResponse.getDefaultInstance();
        });
    }

    private static void checkRatisThree(ReplicationConfig replication) {
        ReplicationType type = replication.getType();
        ReplicationFactor factor = replication.getFactor();
        boolean ratisThree = (type == ReplicationType.RATIS || type == ReplicationType.REPLICATION_TYPE_UNSPECIFIED)
                && (factor == ReplicationFactor.THREE || factor == ReplicationFactor.REPLICATION_FACTOR_UNSPECIFIED);
        if (!ratisThree) {
            throw new ScmException(
                    ScmErrorCode.UNSUPPORTED_REPLICATION, "only RATIS/THREE is supported, got " + type + "/" + factor);
        }
    }

    @Override
    public void deleteKeyBlocks(DeleteKeyBlocksRequest request, StreamObserver<DeleteKeyBlocksResponse> response) {
        ScmGrpcErrors.answer("deleteKeyBlocks", response, () -> {
            Map<Long, List<Long>> byContainer = new TreeMap<>();
            for (BlockId block : request.getBlocksList()) {
                byContainer
                        .computeIfAbsent(block.getContainerId(), id -> new ArrayList<>())
                        .add(block.getLocalId());
            }
            scm.deletedBlocks().addBlocks(byContainer);
            return DeleteKeyBlocksResponse.getDefaultInstance();
        });
    }

    @Override
    public void getContainerLocations(
            GetContainerLocationsRequest request, StreamObserver<GetContainerLocationsResponse> response) {
        ScmGrpcErrors.answer("getContainerLocations", response, () -> {
            GetContainerLocationsResponse.Builder builder = GetContainerLocationsResponse.newBuilder();
            for (long id : request.getContainerIdsList()) {
                locate(id).ifPresent(builder::addLocations);
            }
            return builder.build();
        });
    }

    /** The container's read locations, live nodes only, HEALTHY ones before STALE ones (a stable sort). */
    private Optional<ContainerLocation> locate(long containerId) {
        Optional<ContainerInfo> container = scm.containers().container(containerId);
        if (container.isEmpty()) {
            return Optional.empty();
        }
        ContainerLocation.Builder location = ContainerLocation.newBuilder()
                .setContainerId(containerId)
                .setState(StateTranslator.toProto(container.get().state()));
        scm.containers().readReplicas(containerId).stream()
                .map(uuid -> scm.nodes().status(uuid))
                .flatMap(Optional::stream)
                .filter(status -> status.state() != NodeState.DEAD)
                .sorted((a, b) -> Boolean.compare(a.state() != NodeState.HEALTHY, b.state() != NodeState.HEALTHY))
                .map(DatanodeStatus::datanode)
                .forEach(datanode -> location.addReplicas(ScmProtoTranslator.toProto(datanode)));
        return Optional.of(location.build());
    }
}
