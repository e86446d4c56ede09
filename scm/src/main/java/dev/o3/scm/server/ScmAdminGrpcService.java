package dev.o3.scm.server;

import dev.o3.proto.scm.CloseContainerRequest;
import dev.o3.proto.scm.CloseContainerResponse;
import dev.o3.proto.scm.ClosePipelineRequest;
import dev.o3.proto.scm.ClosePipelineResponse;
import dev.o3.proto.scm.ContainerReportRequest;
import dev.o3.proto.scm.ContainerReportResponse;
import dev.o3.proto.scm.DatanodeAdminResponse;
import dev.o3.proto.scm.DatanodeAdminStatusRequest;
import dev.o3.proto.scm.DatanodeAdminStatusResponse;
import dev.o3.proto.scm.DatanodeInfo;
import dev.o3.proto.scm.DecommissionDatanodesRequest;
import dev.o3.proto.scm.ExitSafeModeRequest;
import dev.o3.proto.scm.ExitSafeModeResponse;
import dev.o3.proto.scm.GetContainerRequest;
import dev.o3.proto.scm.GetContainerResponse;
import dev.o3.proto.scm.ListContainersRequest;
import dev.o3.proto.scm.ListContainersResponse;
import dev.o3.proto.scm.ListDatanodesRequest;
import dev.o3.proto.scm.ListDatanodesResponse;
import dev.o3.proto.scm.ListPipelinesRequest;
import dev.o3.proto.scm.ListPipelinesResponse;
import dev.o3.proto.scm.RecommissionDatanodesRequest;
import dev.o3.proto.scm.ReplicationManagerRequest;
import dev.o3.proto.scm.ReplicationManagerResponse;
import dev.o3.proto.scm.SafeModeStatusRequest;
import dev.o3.proto.scm.SafeModeStatusResponse;
import dev.o3.proto.scm.ScmAdminServiceGrpc;
import dev.o3.proto.scm.StartMaintenanceRequest;
import dev.o3.scm.container.ContainerInfo;
import dev.o3.scm.error.ScmErrorCode;
import dev.o3.scm.error.ScmException;
import dev.o3.scm.node.DatanodeStatus;
import dev.o3.scm.replication.ReplicationManager;
import dev.o3.scm.wire.ScmProtoTranslator;
import dev.o3.scm.wire.StateTranslator;
import io.grpc.stub.StreamObserver;
import java.util.Map;

/**
 * gRPC {@code ScmAdminService}: the views and operations behind {@code ozone admin} (datanodes, pipelines,
 * containers, the replication manager, safe mode). Thread-safe (stateless).
 */
final class ScmAdminGrpcService extends ScmAdminServiceGrpc.ScmAdminServiceImplBase {
    private static final int DEFAULT_CONTAINER_PAGE = 1000;

    private final StorageContainerManager scm;
    private final ScmProtoTranslator translator;

    private final DatanodeReports reports;
    private final ContainerViews views;
    private final DatanodeAdminViews admin;

    ScmAdminGrpcService(StorageContainerManager scm, ScmProtoTranslator translator, DatanodeReports reports) {
        this.scm = scm;
        this.translator = translator;
        this.reports = reports;
        this.views = new ContainerViews(scm);
        this.admin = new DatanodeAdminViews(scm);
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
                    .setOperational(StateTranslator.toProto(status.operational()))
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
        ScmGrpcErrors.answer("decommissionDatanodes", response, () -> admin.decommission(request));
    }

    @Override
    public void recommissionDatanodes(
            RecommissionDatanodesRequest request, StreamObserver<DatanodeAdminResponse> response) {
        ScmGrpcErrors.answer("recommissionDatanodes", response, () -> admin.recommission(request));
    }

    @Override
    public void startMaintenance(StartMaintenanceRequest request, StreamObserver<DatanodeAdminResponse> response) {
        ScmGrpcErrors.answer("startMaintenance", response, () -> admin.startMaintenance(request));
    }

    @Override
    public void datanodeAdminStatus(
            DatanodeAdminStatusRequest request, StreamObserver<DatanodeAdminStatusResponse> response) {
        ScmGrpcErrors.answer("datanodeAdminStatus", response, admin::status);
    }

    @Override
    public void getContainer(GetContainerRequest request, StreamObserver<GetContainerResponse> response) {
        ScmGrpcErrors.answer("getContainer", response, () -> views.container(request.getContainerId()));
    }

    @Override
    public void containerReport(ContainerReportRequest request, StreamObserver<ContainerReportResponse> response) {
        ScmGrpcErrors.answer("containerReport", response, views::report);
    }

    @Override
    public void closeContainer(CloseContainerRequest request, StreamObserver<CloseContainerResponse> response) {
        ScmGrpcErrors.answer("closeContainer", response, () -> {
            long id = request.getContainerId();
            if (scm.containers().container(id).isEmpty()) {
                throw ContainerViews.notFound(id);
            }
            scm.containers().closeContainer(id);
            ContainerInfo container = scm.containers().container(id).orElseThrow(() -> ContainerViews.notFound(id));
            return CloseContainerResponse.newBuilder()
                    .setState(StateTranslator.toProto(container.state()))
                    .build();
        });
    }

    @Override
    public void closePipeline(ClosePipelineRequest request, StreamObserver<ClosePipelineResponse> response) {
        ScmGrpcErrors.answer("closePipeline", response, () -> {
            String id = request.getPipelineId();
            if (!scm.pipelines().closePipeline(id, "closed by an operator")) {
                throw new ScmException(ScmErrorCode.PIPELINE_NOT_FOUND, "pipeline " + id + " does not exist");
            }
            return ClosePipelineResponse.getDefaultInstance();
        });
    }

    @Override
    public void replicationManager(
            ReplicationManagerRequest request, StreamObserver<ReplicationManagerResponse> response) {
        ScmGrpcErrors.answer("replicationManager", response, () -> {
            ReplicationManager replication = scm.replication();
            switch (request.getAction()) {
                case START -> replication.start();
                case STOP -> replication.stop();
                case STATUS -> {}
                case REPLICATION_MANAGER_ACTION_UNSPECIFIED, UNRECOGNIZED -> throw new ScmException(
                        ScmErrorCode.INVALID_REQUEST, "replication manager action is unset or unknown");
            }
            return ReplicationManagerResponse.newBuilder()
                    .setRunning(replication.isRunning())
                    .build();
        });
    }

    @Override
    public void exitSafeMode(ExitSafeModeRequest request, StreamObserver<ExitSafeModeResponse> response) {
        ScmGrpcErrors.answer("exitSafeMode", response, () -> ExitSafeModeResponse.newBuilder()
                .setWasInSafeMode(scm.safeMode().exit())
                .build());
    }
}
