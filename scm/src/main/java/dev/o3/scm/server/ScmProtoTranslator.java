package dev.o3.scm.server;

import dev.o3.proto.hdds.DatanodeDetails;
import dev.o3.proto.hdds.PipelineState;
import dev.o3.proto.hdds.ReplicationConfig;
import dev.o3.proto.hdds.ReplicationFactor;
import dev.o3.proto.hdds.ReplicationType;
import dev.o3.proto.scm.CloseContainerCommand;
import dev.o3.proto.scm.ClosePipelineCommand;
import dev.o3.proto.scm.CreatePipelineCommand;
import dev.o3.proto.scm.DeleteBlocksCommand;
import dev.o3.proto.scm.NodeState;
import dev.o3.proto.scm.ScmCommand;
import dev.o3.scm.block.DeletedBlocksTransaction;
import dev.o3.scm.block.ExcludeList;
import dev.o3.scm.command.DatanodeCommand;
import dev.o3.scm.container.ContainerInfo;
import dev.o3.scm.container.ContainerReplicaReport;
import dev.o3.scm.container.ContainerState;
import dev.o3.scm.node.DatanodeDescriptor;
import dev.o3.scm.node.DatanodePorts;
import dev.o3.scm.pipeline.Pipeline;
import dev.o3.scm.pipeline.PipelineReport;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/** Maps SCM's domain records to and from the wire protocol (hdds.proto, scm.proto). Stateless. */
final class ScmProtoTranslator {
    private static final ReplicationConfig RATIS_THREE = ReplicationConfig.newBuilder()
            .setType(ReplicationType.RATIS)
            .setFactor(ReplicationFactor.THREE)
            .build();

    private final Function<String, Optional<DatanodeDescriptor>> datanodes;

    /** @param datanodes looks up a registered datanode by uuid, to fill pipeline members */
    ScmProtoTranslator(Function<String, Optional<DatanodeDescriptor>> datanodes) {
        this.datanodes = datanodes;
    }

    static DatanodeDescriptor fromProto(DatanodeDetails details) {
        return new DatanodeDescriptor(
                details.getUuid(),
                details.getHostName(),
                details.getIpAddress(),
                details.getNetworkLocation(),
                new DatanodePorts(
                        details.getRatisPort(),
                        details.getStandalonePort(),
                        details.getReplicationPort(),
                        details.getHttpPort()));
    }

    static DatanodeDetails toProto(DatanodeDescriptor datanode) {
        return DatanodeDetails.newBuilder()
                .setUuid(datanode.uuid())
                .setHostName(datanode.hostName())
                .setIpAddress(datanode.ipAddress())
                .setNetworkLocation(datanode.rack())
                .setRatisPort(datanode.ports().ratis())
                .setStandalonePort(datanode.ports().standalone())
                .setReplicationPort(datanode.ports().replication())
                .setHttpPort(datanode.ports().http())
                .build();
    }

    dev.o3.proto.hdds.Pipeline toProto(Pipeline pipeline) {
        dev.o3.proto.hdds.Pipeline.Builder builder = dev.o3.proto.hdds.Pipeline.newBuilder()
                .setId(pipeline.id())
                .setReplication(RATIS_THREE)
                .setState(
                        switch (pipeline.state()) {
                            case ALLOCATED -> PipelineState.PIPELINE_ALLOCATED;
                            case OPEN -> PipelineState.PIPELINE_OPEN;
                            case CLOSED -> PipelineState.PIPELINE_CLOSED;
                        })
                .setLeaderId(pipeline.leaderId())
                .addAllPriorities(pipeline.priorities())
                .setCreationTimeMillis(pipeline.creationMillis());
        for (String member : pipeline.memberIds()) {
            builder.addMembers(datanodes
                    .apply(member)
                    .map(ScmProtoTranslator::toProto)
                    .orElseGet(
                            () -> DatanodeDetails.newBuilder().setUuid(member).build()));
        }
        return builder.build();
    }

    ScmCommand toProto(DatanodeCommand command) {
        ScmCommand.Builder builder = ScmCommand.newBuilder().setCommandId(command.commandId());
        if (command instanceof DatanodeCommand.CreatePipeline create) {
            builder.setCreatePipeline(CreatePipelineCommand.newBuilder().setPipeline(toProto(create.pipeline())));
        } else if (command instanceof DatanodeCommand.ClosePipeline close) {
            builder.setClosePipeline(ClosePipelineCommand.newBuilder().setPipelineId(close.pipelineId()));
        } else if (command instanceof DatanodeCommand.CloseContainer close) {
            builder.setCloseContainer(CloseContainerCommand.newBuilder()
                    .setContainerId(close.containerId())
                    .setPipelineId(close.pipelineId())
                    .setForce(close.force()));
        } else if (command instanceof DatanodeCommand.DeleteBlocks delete) {
            DeleteBlocksCommand.Builder deletes = DeleteBlocksCommand.newBuilder();
            delete.transactions().forEach(tx -> deletes.addTransactions(toProto(tx)));
            builder.setDeleteBlocks(deletes);
        }
        return builder.build();
    }

    private static dev.o3.proto.scm.DeletedBlocksTransaction toProto(DeletedBlocksTransaction tx) {
        return dev.o3.proto.scm.DeletedBlocksTransaction.newBuilder()
                .setTxId(tx.txId())
                .setContainerId(tx.containerId())
                .addAllLocalIds(tx.localIds())
                .setRetryCount(tx.retryCount())
                .build();
    }

    static List<PipelineReport> fromPipelineReports(List<dev.o3.proto.scm.PipelineReport> reports) {
        return reports.stream()
                .map(r -> new PipelineReport(r.getPipelineId(), r.getIsLeader()))
                .toList();
    }

    static List<ContainerReplicaReport> fromContainerReports(List<dev.o3.proto.scm.ContainerReplicaReport> reports) {
        return reports.stream()
                .map(r -> new ContainerReplicaReport(
                        r.getContainerId(), fromProto(r.getState()), r.getUsedBytes(), r.getKeyCount()))
                .toList();
    }

    static int ratisDirs(dev.o3.proto.scm.NodeReport report) {
        return (int)
                report.getRatisDirsList().stream().filter(d -> !d.getFailed()).count();
    }

    static ExcludeList fromProto(dev.o3.proto.scm.ExcludeList exclude) {
        return new ExcludeList(
                new HashSet<>(exclude.getDatanodeUuidsList()),
                new HashSet<>(exclude.getPipelineIdsList()),
                new HashSet<>(exclude.getContainerIdsList()));
    }

    static dev.o3.proto.scm.ContainerInfo toProto(ContainerInfo container, Iterable<String> replicas) {
        return dev.o3.proto.scm.ContainerInfo.newBuilder()
                .setContainerId(container.id())
                .setState(toProto(container.state()))
                .setPipelineId(container.pipelineId())
                .setUsedBytes(container.usedBytes())
                .setKeyCount(container.keyCount())
                .addAllReplicaDatanodeUuids(replicas)
                .setAllocatedBytes(container.allocatedBytes())
                .build();
    }

    static NodeState toProto(dev.o3.scm.node.NodeState state) {
        return switch (state) {
            case HEALTHY -> NodeState.HEALTHY;
            case STALE -> NodeState.STALE;
            case DEAD -> NodeState.DEAD;
        };
    }

    private static dev.o3.proto.hdds.ContainerState toProto(ContainerState state) {
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
            case CONTAINER_CLOSED, CONTAINER_DELETED -> ContainerState.CLOSED;
            default -> ContainerState.OPEN;
        };
    }
}
