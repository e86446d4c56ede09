package dev.o3.scm.server;

import dev.o3.proto.scm.ContainerReportResponse;
import dev.o3.proto.scm.GetContainerResponse;
import dev.o3.proto.scm.HealthCount;
import dev.o3.proto.scm.ReplicaInfo;
import dev.o3.proto.scm.StateCount;
import dev.o3.scm.container.ContainerInfo;
import dev.o3.scm.container.ContainerReplica;
import dev.o3.scm.container.ContainerState;
import dev.o3.scm.error.ScmErrorCode;
import dev.o3.scm.error.ScmException;
import dev.o3.scm.node.DatanodeStatus;
import dev.o3.scm.replication.ContainerHealth;
import dev.o3.scm.replication.ReplicationReport;
import dev.o3.scm.wire.ScmProtoTranslator;
import dev.o3.scm.wire.StateTranslator;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.Map;
import java.util.Optional;

/**
 * The admin views of containers: one container with its replicas and health, and the container report (counts per
 * lifecycle state and per health). Thread-safe (stateless).
 */
final class ContainerViews {
    private final StorageContainerManager scm;

    ContainerViews(StorageContainerManager scm) {
        this.scm = scm;
    }

    static ScmException notFound(long id) {
        return new ScmException(ScmErrorCode.CONTAINER_NOT_FOUND, "container " + id + " does not exist");
    }

    GetContainerResponse container(long id) {
        ContainerInfo container = scm.containers().container(id).orElseThrow(() -> notFound(id));
        GetContainerResponse.Builder builder = GetContainerResponse.newBuilder()
                .setContainer(
                        ScmProtoTranslator.toProto(container, scm.containers().reportedReplicas(id)));
        scm.containers().replicas(id).stream()
                .sorted(Comparator.comparing(ContainerReplica::datanodeUuid))
                .forEach(replica -> builder.addReplicas(replica(replica)));
        scm.replication()
                .report()
                .flatMap(report -> report.health(id))
                .ifPresent(health -> builder.setHealth(health.name()));
        return builder.build();
    }

    private ReplicaInfo replica(ContainerReplica replica) {
        Optional<DatanodeStatus> node = scm.nodes().status(replica.datanodeUuid());
        ReplicaInfo.Builder info = ReplicaInfo.newBuilder()
                .setDatanode(node.map(s -> ScmProtoTranslator.toProto(s.datanode()))
                        .orElseGet(() -> ScmProtoTranslator.uuidOnly(replica.datanodeUuid())))
                .setState(StateTranslator.toProto(replica.state()))
                .setBlockCommitSequenceId(replica.bcsid())
                .setUsedBytes(replica.usedBytes())
                .setKeyCount(replica.keyCount());
        node.ifPresent(s -> info.setNodeState(StateTranslator.toProto(s.state())));
        return info.build();
    }

    ContainerReportResponse report() {
        ContainerReportResponse.Builder builder = ContainerReportResponse.newBuilder();
        Map<ContainerState, Long> states = new EnumMap<>(ContainerState.class);
        for (ContainerState state : ContainerState.values()) {
            states.put(state, 0L);
        }
        scm.containers().containers().forEach(c -> states.merge(c.state(), 1L, Long::sum));
        states.forEach((state, count) -> builder.addStates(
                StateCount.newBuilder().setState(StateTranslator.toProto(state)).setCount(count)));
        Optional<ReplicationReport> report = scm.replication().report();
        if (report.isPresent()) {
            builder.setAvailable(true)
                    .setGeneratedAtMillis(report.get().generatedAt().toEpochMilli());
            for (ContainerHealth health : ContainerHealth.values()) {
                builder.addHealth(HealthCount.newBuilder()
                        .setHealth(health.name())
                        .setCount(report.get().counts().get(health))
                        .addAllSampleContainerIds(report.get().samples().get(health)));
            }
        }
        return builder.build();
    }
}
