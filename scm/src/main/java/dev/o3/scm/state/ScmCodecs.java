package dev.o3.scm.state;

import dev.o3.proto.hdds.DatanodeDetails;
import dev.o3.proto.hdds.PipelineState;
import dev.o3.proto.hdds.ReplicationConfig;
import dev.o3.proto.hdds.ReplicationFactor;
import dev.o3.proto.hdds.ReplicationType;
import dev.o3.scm.block.DeletedBlocksTransaction;
import dev.o3.scm.container.ContainerInfo;
import dev.o3.scm.container.ContainerState;
import dev.o3.scm.pipeline.Pipeline;
import dev.o3.server.db.Codec;
import dev.o3.server.db.Codecs;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/** Stored forms of SCM's records: the wire protobuf messages, so tools can read the database. */
final class ScmCodecs {
    static final Codec<Pipeline> PIPELINE =
            map(Codecs.proto(dev.o3.proto.hdds.Pipeline.parser()), ScmCodecs::toProto, ScmCodecs::fromProto);
    static final Codec<ContainerInfo> CONTAINER =
            map(Codecs.proto(dev.o3.proto.scm.ContainerInfo.parser()), ScmCodecs::toProto, ScmCodecs::fromProto);
    static final Codec<DeletedBlocksTransaction> DELETED_BLOCKS = map(
            Codecs.proto(dev.o3.proto.scm.DeletedBlocksTransaction.parser()), ScmCodecs::toProto, ScmCodecs::fromProto);

    private ScmCodecs() {}

    private static <T, M> Codec<T> map(Codec<M> stored, Function<T, M> encode, Function<M, T> decode) {
        return new Codec<>() {
            @Override
            public byte[] encode(T value) {
                return stored.encode(encode.apply(value));
            }

            @Override
            public T decode(byte[] bytes) {
                return decode.apply(stored.decode(bytes));
            }
        };
    }

    private static dev.o3.proto.hdds.Pipeline toProto(Pipeline pipeline) {
        dev.o3.proto.hdds.Pipeline.Builder builder = dev.o3.proto.hdds.Pipeline.newBuilder()
                .setId(pipeline.id())
                .setReplication(ReplicationConfig.newBuilder()
                        .setType(ReplicationType.RATIS)
                        .setFactor(ReplicationFactor.THREE))
                .setState(
                        switch (pipeline.state()) {
                            case ALLOCATED -> PipelineState.PIPELINE_ALLOCATED;
                            case OPEN -> PipelineState.PIPELINE_OPEN;
                            case CLOSED -> PipelineState.PIPELINE_CLOSED;
                        })
                .setLeaderId(pipeline.suggestedLeaderId())
                .addAllPriorities(pipeline.priorities())
                .setCreationTimeMillis(pipeline.creationMillis());
        pipeline.memberIds()
                .forEach(id -> builder.addMembers(DatanodeDetails.newBuilder().setUuid(id)));
        return builder.build();
    }

    private static Pipeline fromProto(dev.o3.proto.hdds.Pipeline stored) {
        dev.o3.scm.pipeline.PipelineState state =
                switch (stored.getState()) {
                    case PIPELINE_OPEN -> dev.o3.scm.pipeline.PipelineState.OPEN;
                    case PIPELINE_CLOSED -> dev.o3.scm.pipeline.PipelineState.CLOSED;
                    default -> dev.o3.scm.pipeline.PipelineState.ALLOCATED;
                };
        return new Pipeline(
                stored.getId(),
                stored.getMembersList().stream().map(DatanodeDetails::getUuid).toList(),
                stored.getLeaderId(),
                state,
                Optional.empty(),
                Set.of(),
                stored.getCreationTimeMillis());
    }

    private static dev.o3.proto.scm.ContainerInfo toProto(ContainerInfo container) {
        return dev.o3.proto.scm.ContainerInfo.newBuilder()
                .setContainerId(container.id())
                .setPipelineId(container.pipelineId())
                .setState(toProto(container.state()))
                .setAllocatedBytes(container.allocatedBytes())
                .setUsedBytes(container.usedBytes())
                .setKeyCount(container.keyCount())
                .build();
    }

    private static ContainerInfo fromProto(dev.o3.proto.scm.ContainerInfo stored) {
        return new ContainerInfo(
                stored.getContainerId(),
                stored.getPipelineId(),
                fromProto(stored.getState()),
                stored.getAllocatedBytes(),
                stored.getUsedBytes(),
                stored.getKeyCount());
    }

    /** The wire form of a container state. */
    static dev.o3.proto.hdds.ContainerState toProto(ContainerState state) {
        return switch (state) {
            case OPEN -> dev.o3.proto.hdds.ContainerState.CONTAINER_OPEN;
            case CLOSING -> dev.o3.proto.hdds.ContainerState.CONTAINER_CLOSING;
            case QUASI_CLOSED -> dev.o3.proto.hdds.ContainerState.CONTAINER_QUASI_CLOSED;
            case CLOSED -> dev.o3.proto.hdds.ContainerState.CONTAINER_CLOSED;
        };
    }

    private static ContainerState fromProto(dev.o3.proto.hdds.ContainerState state) {
        return switch (state) {
            case CONTAINER_CLOSING -> ContainerState.CLOSING;
            case CONTAINER_QUASI_CLOSED -> ContainerState.QUASI_CLOSED;
            case CONTAINER_CLOSED -> ContainerState.CLOSED;
            default -> ContainerState.OPEN;
        };
    }

    private static dev.o3.proto.scm.DeletedBlocksTransaction toProto(DeletedBlocksTransaction tx) {
        return dev.o3.proto.scm.DeletedBlocksTransaction.newBuilder()
                .setTxId(tx.txId())
                .setContainerId(tx.containerId())
                .addAllLocalIds(tx.localIds())
                .setRetryCount(tx.retryCount())
                .build();
    }

    private static DeletedBlocksTransaction fromProto(dev.o3.proto.scm.DeletedBlocksTransaction stored) {
        return new DeletedBlocksTransaction(
                stored.getTxId(), stored.getContainerId(), stored.getLocalIdsList(), stored.getRetryCount());
    }
}
