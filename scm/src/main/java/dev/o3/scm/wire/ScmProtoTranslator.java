package dev.o3.scm.wire;

import dev.o3.proto.hdds.DatanodeDetails;
import dev.o3.proto.hdds.ReplicationConfig;
import dev.o3.proto.hdds.ReplicationFactor;
import dev.o3.proto.hdds.ReplicationType;
import dev.o3.proto.scm.CloseContainerCommand;
import dev.o3.proto.scm.ClosePipelineCommand;
import dev.o3.proto.scm.CreatePipelineCommand;
import dev.o3.proto.scm.DeleteBlocksCommand;
import dev.o3.proto.scm.DeleteContainerCommand;
import dev.o3.proto.scm.ReplicateContainerCommand;
import dev.o3.proto.scm.ScmCommand;
import dev.o3.scm.block.DeletedBlocksTransaction;
import dev.o3.scm.block.ExcludeList;
import dev.o3.scm.command.DatanodeCommand;
import dev.o3.scm.container.ContainerInfo;
import dev.o3.scm.container.ContainerReplicaReport;
import dev.o3.scm.node.DatanodeDescriptor;
import dev.o3.scm.node.DatanodePorts;
import dev.o3.scm.node.RatisDirs;
import dev.o3.scm.pipeline.Pipeline;
import dev.o3.scm.pipeline.PipelineReport;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * The one mapping between SCM's domain records and their protobuf forms (hdds.proto, scm.proto): what the gRPC
 * services send and receive and what SCM's database stores. Enum values are mapped by {@link StateTranslator}, where
 * an unknown value is an error. Thread-safe (immutable).
 */
public final class ScmProtoTranslator {
    private static final ReplicationConfig RATIS_THREE = ReplicationConfig.newBuilder()
            .setType(ReplicationType.RATIS)
            .setFactor(ReplicationFactor.THREE)
            .build();

    private final Function<String, Optional<DatanodeDescriptor>> datanodes;

    /** @param datanodes looks up a registered datanode by uuid, to fill pipeline members */
    public ScmProtoTranslator(Function<String, Optional<DatanodeDescriptor>> datanodes) {
        this.datanodes = datanodes;
    }

    public static DatanodeDescriptor fromProto(DatanodeDetails details) {
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

    public static DatanodeDetails toProto(DatanodeDescriptor datanode) {
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

    /** A pipeline with each member's registered details (the uuid alone for a member not registered). */
    public dev.o3.proto.hdds.Pipeline toProto(Pipeline pipeline) {
        return toProto(
                pipeline,
                member ->
                        datanodes.apply(member).map(ScmProtoTranslator::toProto).orElseGet(() -> uuidOnly(member)));
    }

    /**
     * A pipeline with members described by {@code member}. The leader is the reported one, else the suggested one;
     * the suggested leader is the member with the highest priority, which is how {@link #fromProto(dev.o3.proto.hdds
     * .Pipeline)} reads it back.
     */
    public static dev.o3.proto.hdds.Pipeline toProto(Pipeline pipeline, Function<String, DatanodeDetails> member) {
        dev.o3.proto.hdds.Pipeline.Builder builder = dev.o3.proto.hdds.Pipeline.newBuilder()
                .setId(pipeline.id())
                .setReplication(RATIS_THREE)
                .setState(StateTranslator.toProto(pipeline.state()))
                .setLeaderId(pipeline.leaderId())
                .addAllPriorities(pipeline.priorities())
                .setCreationTimeMillis(pipeline.creationMillis());
        pipeline.memberIds().forEach(id -> builder.addMembers(member.apply(id)));
        return builder.build();
    }

    /** A member known only by uuid, as SCM's database stores pipeline members. */
    public static DatanodeDetails uuidOnly(String uuid) {
        return DatanodeDetails.newBuilder().setUuid(uuid).build();
    }

    /**
     * A pipeline as stored: members by uuid, the suggested leader from the priorities (the leader id for a pipeline
     * without them); nothing reported yet.
     *
     * @throws UnknownWireValueException for a state SCM does not track
     */
    public static Pipeline fromProto(dev.o3.proto.hdds.Pipeline stored) {
        List<String> members =
                stored.getMembersList().stream().map(DatanodeDetails::getUuid).toList();
        String suggestedLeader = stored.getLeaderId();
        for (int i = 0; i < Math.min(members.size(), stored.getPrioritiesCount()); i++) {
            if (stored.getPriorities(i) == Pipeline.LEADER_PRIORITY) {
                suggestedLeader = members.get(i);
            }
        }
        return new Pipeline(
                stored.getId(),
                members,
                suggestedLeader,
                StateTranslator.fromProto(stored.getState(), stored.getStateValue()),
                Optional.empty(),
                Set.of(),
                stored.getCreationTimeMillis());
    }

    public ScmCommand toProto(DatanodeCommand command) {
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
        } else if (command instanceof DatanodeCommand.ReplicateContainer replicate) {
            ReplicateContainerCommand.Builder copy =
                    ReplicateContainerCommand.newBuilder().setContainerId(replicate.containerId());
            replicate.sources().forEach(source -> copy.addSources(toProto(source)));
            builder.setReplicateContainer(copy).setDeadlineEpochMs(replicate.deadlineMillis());
        } else if (command instanceof DatanodeCommand.DeleteContainer delete) {
            builder.setDeleteContainer(DeleteContainerCommand.newBuilder()
                            .setContainerId(delete.containerId())
                            .setForce(delete.force()))
                    .setDeadlineEpochMs(delete.deadlineMillis());
        }
        return builder.build();
    }

    public static dev.o3.proto.scm.DeletedBlocksTransaction toProto(DeletedBlocksTransaction tx) {
        return dev.o3.proto.scm.DeletedBlocksTransaction.newBuilder()
                .setTxId(tx.txId())
                .setContainerId(tx.containerId())
                .addAllLocalIds(tx.localIds())
                .setRetryCount(tx.retryCount())
                .build();
    }

    public static DeletedBlocksTransaction fromProto(dev.o3.proto.scm.DeletedBlocksTransaction stored) {
        return new DeletedBlocksTransaction(
                stored.getTxId(), stored.getContainerId(), stored.getLocalIdsList(), stored.getRetryCount());
    }

    public static List<PipelineReport> fromPipelineReports(List<dev.o3.proto.scm.PipelineReport> reports) {
        return reports.stream()
                .map(r -> new PipelineReport(r.getPipelineId(), r.getIsLeader(), r.getLogFailed()))
                .toList();
    }

    /**
     * The replicas of a datanode's container report.
     *
     * @throws UnknownWireValueException for a replica state SCM does not know
     */
    public static List<ContainerReplicaReport> fromContainerReports(
            List<dev.o3.proto.scm.ContainerReplicaReport> reports) {
        return reports.stream()
                .map(r -> new ContainerReplicaReport(
                        r.getContainerId(),
                        StateTranslator.fromProto(r.getState(), r.getStateValue()),
                        r.getUsedBytes(),
                        r.getKeyCount(),
                        r.getBlockCommitSequenceId()))
                .toList();
    }

    public static RatisDirs ratisDirs(dev.o3.proto.scm.NodeReport report) {
        int failed = (int) report.getRatisDirsList().stream()
                .filter(dev.o3.proto.scm.RatisDirReport::getFailed)
                .count();
        return new RatisDirs(report.getRatisDirsCount() - failed, failed);
    }

    /** Whether any reported data volume can take writes (true when the report names none, as from an old node). */
    public static boolean hasRoom(dev.o3.proto.scm.NodeReport report) {
        return report.getVolumesCount() == 0
                || report.getVolumesList().stream().anyMatch(volume -> !volume.getFailed() && !volume.getFull());
    }

    public static ExcludeList fromProto(dev.o3.proto.scm.ExcludeList exclude) {
        return new ExcludeList(
                new HashSet<>(exclude.getDatanodeUuidsList()),
                new HashSet<>(exclude.getPipelineIdsList()),
                new HashSet<>(exclude.getContainerIdsList()));
    }

    /** A container with the datanodes that reported a replica (none in the stored form). */
    public static dev.o3.proto.scm.ContainerInfo toProto(ContainerInfo container, Iterable<String> replicas) {
        return dev.o3.proto.scm.ContainerInfo.newBuilder()
                .setContainerId(container.id())
                .setState(StateTranslator.toProto(container.state()))
                .setPipelineId(container.pipelineId())
                .setUsedBytes(container.usedBytes())
                .setKeyCount(container.keyCount())
                .addAllReplicaDatanodeUuids(replicas)
                .setAllocatedBytes(container.allocatedBytes())
                .build();
    }

    /**
     * A container as stored.
     *
     * @throws UnknownWireValueException for a state SCM does not know
     */
    public static ContainerInfo fromProto(dev.o3.proto.scm.ContainerInfo stored) {
        return new ContainerInfo(
                stored.getContainerId(),
                stored.getPipelineId(),
                StateTranslator.fromProto(stored.getState(), stored.getStateValue()),
                stored.getAllocatedBytes(),
                stored.getUsedBytes(),
                stored.getKeyCount());
    }
}
