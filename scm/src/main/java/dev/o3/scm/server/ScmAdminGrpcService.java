package dev.o3.scm.server;

import dev.o3.proto.scm.DatanodeAdminProgress;
import dev.o3.proto.scm.DatanodeAdminResponse;
import dev.o3.proto.scm.DatanodeAdminStatusRequest;
import dev.o3.proto.scm.DatanodeAdminStatusResponse;
import dev.o3.proto.scm.DatanodeInfo;
import dev.o3.proto.scm.DecommissionDatanodesRequest;
import dev.o3.proto.scm.ListContainersRequest;
import dev.o3.proto.scm.ListContainersResponse;
import dev.o3.proto.scm.ListDatanodesRequest;
import dev.o3.proto.scm.ListDatanodesResponse;
import dev.o3.proto.scm.ListPipelinesRequest;
import dev.o3.proto.scm.ListPipelinesResponse;
import dev.o3.proto.scm.RecommissionDatanodesRequest;
import dev.o3.proto.scm.SafeModeStatusRequest;
import dev.o3.proto.scm.SafeModeStatusResponse;
import dev.o3.proto.scm.ScmAdminServiceGrpc;
import dev.o3.proto.scm.StartMaintenanceRequest;
import dev.o3.scm.container.ContainerInfo;
import dev.o3.scm.decommission.AdminProgress;
import dev.o3.scm.node.DatanodeDescriptor;
import dev.o3.scm.node.DatanodeStatus;
import dev.o3.scm.wire.ScmProtoTranslator;
import dev.o3.scm.wire.StateTranslator;
import io.grpc.stub.StreamObserver;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** gRPC {@code ScmAdminService}: the views behind {@code ozone admin}. Thread-safe (stateless). */
final class ScmAdminGrpcService extends ScmAdminServiceGrpc.ScmAdminServiceImplBase {
    private static final int DEFAULT_CONTAINER_PAGE = 1000;

    private final StorageContainerManager scm;
    private final ScmProtoTranslator translator;

    private final DatanodeReports reports;

    ScmAdminGrpcService(StorageContainerManager scm, ScmProtoTranslator translator, DatanodeReports reports) {
        this.scm = scm;
        this.translator = translator;
        this.reports = reports;
    }

    @Override
    public void listDatanodes(ListDatanodesRequest request, StreamObserver<ListDatanodesResponse> response) {
        ScmGrpcErrors.answer("listDatanodes", response, this::datanodes);
    }

    private ListDatanodesResponse datanodes() {
        Map<String, Integer> pipelines = scm.pipelines().pipelineCountsByNode();
        Map<String, Integer> leaders = scm.pipelines().leaderCountsByNode();
        ListDatanodesResponse.Builder builder = ListDatanodesResponse.newBuilder();
        for (DatanodeStatus status : scm.nodes().all()) {
            builder.addDatanodes(DatanodeInfo.newBuilder()
                    .setDatanode(ScmProtoTranslator.toProto(status.datanode()))
                    .setState(StateTranslator.toProto(status.state()))
                    .setPipelineCount(pipelines.getOrDefault(status.uuid(), 0))
                    .setLeaderCount(leaders.getOrDefault(status.uuid(), 0))
                    .setLastHeartbeatMillis(status.lastHeartbeat().toEpochMilli())
                    .setOperational(ScmProtoTranslator.toProto(status.operational()))
                    .setNodeReport(reports.nodeReport(status.uuid()))
                    .addAllPipelines(reports.pipelineReports(status.uuid())));
        }
        return builder.build();
    }

    @Override
    public void listPipelines(ListPipelinesRequest request, StreamObserver<ListPipelinesResponse> response) {
        ScmGrpcErrors.answer("listPipelines", response, () -> {
            ListPipelinesResponse.Builder builder = ListPipelinesResponse.newBuilder();
            scm.pipelines().pipelines().forEach(p -> builder.addPipelines(translator.toProto(p)));
            return builder.build();
        });
    }

    @Override
    public void listContainers(ListContainersRequest request, StreamObserver<ListContainersResponse> response) {
        ScmGrpcErrors.answer("listContainers", response, () -> containers(request));
    }

    private ListContainersResponse containers(ListContainersRequest request) {
        int limit = request.getCount() > 0 ? request.getCount() : DEFAULT_CONTAINER_PAGE;
        ListContainersResponse.Builder builder = ListContainersResponse.newBuilder();
        for (ContainerInfo container : scm.containers().containers()) {
            if (container.id() >= request.getStartContainerId() && builder.getContainersCount() < limit) {
                builder.addContainers(
                        ScmProtoTranslator.toProto(container, scm.containers().reportedReplicas(container.id())));
            }
        }
        return builder.build();
    }

    @Override
    public void safeModeStatus(SafeModeStatusRequest request, StreamObserver<SafeModeStatusResponse> response) {
        ScmGrpcErrors.answer("safeModeStatus", response, () -> SafeModeStatusResponse.newBuilder()
                .setInSafeMode(scm.safeMode().inSafeMode())
                .setReason(scm.safeMode().reason(scm.nodes().registeredCount()))
                .build());
    }

    @Override
    public void decommissionDatanodes(
            DecommissionDatanodesRequest request, StreamObserver<DatanodeAdminResponse> response) {
        ScmGrpcErrors.answer(
                "decommissionDatanodes",
                response,
                () -> acted(scm.datanodeAdmin().decommission(request.getHostsList(), request.getForce())));
    }

    @Override
    public void recommissionDatanodes(
            RecommissionDatanodesRequest request, StreamObserver<DatanodeAdminResponse> response) {
        ScmGrpcErrors.answer(
                "recommissionDatanodes",
                response,
                () -> acted(scm.datanodeAdmin().recommission(request.getHostsList())));
    }

    @Override
    public void startMaintenance(StartMaintenanceRequest request, StreamObserver<DatanodeAdminResponse> response) {
        Optional<Duration> duration =
                request.getEndHours() == 0 ? Optional.empty() : Optional.of(Duration.ofHours(request.getEndHours()));
        ScmGrpcErrors.answer(
                "startMaintenance",
                response,
                () -> acted(
                        scm.datanodeAdmin().startMaintenance(request.getHostsList(), duration, request.getForce())));
    }

    private static DatanodeAdminResponse acted(List<DatanodeDescriptor> datanodes) {
        DatanodeAdminResponse.Builder builder = DatanodeAdminResponse.newBuilder();
        datanodes.forEach(datanode -> builder.addDatanodes(ScmProtoTranslator.toProto(datanode)));
        return builder.build();
    }

    @Override
    public void datanodeAdminStatus(
            DatanodeAdminStatusRequest request, StreamObserver<DatanodeAdminStatusResponse> response) {
        ScmGrpcErrors.answer("datanodeAdminStatus", response, () -> {
            DatanodeAdminStatusResponse.Builder builder = DatanodeAdminStatusResponse.newBuilder();
            for (AdminProgress progress : scm.datanodeAdmin().progress()) {
                builder.addNodes(toProto(progress));
            }
            return builder.build();
        });
    }

    private static DatanodeAdminProgress toProto(AdminProgress progress) {
        return DatanodeAdminProgress.newBuilder()
                .setDatanode(ScmProtoTranslator.toProto(progress.datanode()))
                .setOperational(ScmProtoTranslator.toProto(progress.operational()))
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
