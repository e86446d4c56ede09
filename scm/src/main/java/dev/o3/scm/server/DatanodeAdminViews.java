package dev.o3.scm.server;

import dev.o3.proto.scm.DatanodeAdminProgress;
import dev.o3.proto.scm.DatanodeAdminResponse;
import dev.o3.proto.scm.DatanodeAdminStatusResponse;
import dev.o3.proto.scm.DecommissionDatanodesRequest;
import dev.o3.proto.scm.RecommissionDatanodesRequest;
import dev.o3.proto.scm.StartMaintenanceRequest;
import dev.o3.scm.decommission.AdminProgress;
import dev.o3.scm.node.DatanodeDescriptor;
import dev.o3.scm.wire.ScmProtoTranslator;
import dev.o3.scm.wire.StateTranslator;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * The admin operations on datanodes (decommission, recommission, maintenance) and their progress, as the admin
 * service answers them. Thread-safe (stateless; the monitor behind it is).
 */
final class DatanodeAdminViews {
    private final StorageContainerManager scm;

    DatanodeAdminViews(StorageContainerManager scm) {
        this.scm = scm;
    }

    DatanodeAdminResponse decommission(DecommissionDatanodesRequest request) {
        return acted(scm.datanodeAdmin().decommission(request.getHostsList(), request.getForce()));
    }

    DatanodeAdminResponse recommission(RecommissionDatanodesRequest request) {
        return acted(scm.datanodeAdmin().recommission(request.getHostsList()));
    }

    DatanodeAdminResponse startMaintenance(StartMaintenanceRequest request) {
        Optional<Duration> duration =
                request.getEndHours() == 0 ? Optional.empty() : Optional.of(Duration.ofHours(request.getEndHours()));
        return acted(scm.datanodeAdmin().startMaintenance(request.getHostsList(), duration, request.getForce()));
    }

    DatanodeAdminStatusResponse status() {
        DatanodeAdminStatusResponse.Builder builder = DatanodeAdminStatusResponse.newBuilder();
        for (AdminProgress progress : scm.datanodeAdmin().progress()) {
            builder.addNodes(toProto(progress));
        }
        return builder.build();
    }

    private static DatanodeAdminResponse acted(List<DatanodeDescriptor> datanodes) {
        DatanodeAdminResponse.Builder builder = DatanodeAdminResponse.newBuilder();
        datanodes.forEach(datanode -> builder.addDatanodes(ScmProtoTranslator.toProto(datanode)));
        return builder.build();
    }

    private static DatanodeAdminProgress toProto(AdminProgress progress) {
        return DatanodeAdminProgress.newBuilder()
                .setDatanode(ScmProtoTranslator.toProto(progress.datanode()))
                .setOperational(StateTranslator.toProto(progress.operational()))
                .setStartedMillis(progress.startedAt().toEpochMilli())
                .setPipelinesWaitingToClose(progress.pipelinesWaitingToClose())
                .setSufficientlyReplicated(progress.sufficientlyReplicated())
                .setUnderReplicated(progress.underReplicated())
                .setUnclosed(progress.unclosed())
                .addAllUnderReplicatedIds(progress.underReplicatedIds())
                .addAllUnclosedIds(progress.unclosedIds())
                .build();
    }
}
