package dev.o3.client.admin;

import dev.o3.common.config.CommonConfigKeys;
import dev.o3.common.config.HostAndPort;
import dev.o3.common.config.OzoneConfiguration;
import dev.o3.common.grpc.GrpcConfig;
import dev.o3.common.grpc.GrpcFactory;
import dev.o3.proto.hdds.DatanodeDetails;
import dev.o3.proto.hdds.Pipeline;
import dev.o3.proto.scm.ContainerInfo;
import dev.o3.proto.scm.DatanodeAdminProgress;
import dev.o3.proto.scm.DatanodeAdminStatusRequest;
import dev.o3.proto.scm.DatanodeInfo;
import dev.o3.proto.scm.DecommissionDatanodesRequest;
import dev.o3.proto.scm.ListContainersRequest;
import dev.o3.proto.scm.ListDatanodesRequest;
import dev.o3.proto.scm.ListPipelinesRequest;
import dev.o3.proto.scm.RecommissionDatanodesRequest;
import dev.o3.proto.scm.SafeModeStatusRequest;
import dev.o3.proto.scm.SafeModeStatusResponse;
import dev.o3.proto.scm.ScmAdminServiceGrpc;
import dev.o3.proto.scm.StartMaintenanceRequest;
import io.grpc.ManagedChannel;
import io.grpc.StatusRuntimeException;
import java.io.IOException;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Calls SCM's admin service; gRPC failures become one-line IOExceptions naming SCM's address. */
public final class ScmAdminClient implements AutoCloseable {
    private static final long DEADLINE_SECONDS = 30;

    private final HostAndPort address;
    private final ManagedChannel channel;
    private final ScmAdminServiceGrpc.ScmAdminServiceBlockingStub stub;

    public ScmAdminClient(OzoneConfiguration conf) {
        this.address = CommonConfigKeys.scmAddress(
                conf, CommonConfigKeys.SCM_CLIENT_ADDRESS, CommonConfigKeys.SCM_CLIENT_PORT);
        this.channel = GrpcFactory.channel(address, GrpcConfig.from(conf));
        this.stub = ScmAdminServiceGrpc.newBlockingStub(channel);
    }

    public List<DatanodeInfo> datanodes() throws IOException {
        return call(() -> deadline()
                .listDatanodes(ListDatanodesRequest.getDefaultInstance())
                .getDatanodesList());
    }

    /** Starts decommissioning the datanodes (uuid, host name or IP address); returns the datanodes named. */
    public List<DatanodeDetails> decommission(List<String> hosts, boolean force) throws IOException {
        return call(() -> deadline()
                .decommissionDatanodes(DecommissionDatanodesRequest.newBuilder()
                        .addAllHosts(hosts)
                        .setForce(force)
                        .build())
                .getDatanodesList());
    }

    /** Returns the datanodes to IN_SERVICE; returns the datanodes named. */
    public List<DatanodeDetails> recommission(List<String> hosts) throws IOException {
        return call(() -> deadline()
                .recommissionDatanodes(RecommissionDatanodesRequest.newBuilder()
                        .addAllHosts(hosts)
                        .build())
                .getDatanodesList());
    }

    /**
     * Puts the datanodes in maintenance.
     *
     * @param endHours hours until maintenance ends by itself; 0 = until recommissioned
     */
    public List<DatanodeDetails> startMaintenance(List<String> hosts, int endHours, boolean force) throws IOException {
        return call(() -> deadline()
                .startMaintenance(StartMaintenanceRequest.newBuilder()
                        .addAllHosts(hosts)
                        .setEndHours(endHours)
                        .setForce(force)
                        .build())
                .getDatanodesList());
    }

    /** Progress of the datanodes being decommissioned or in maintenance. */
    public List<DatanodeAdminProgress> datanodeAdminStatus() throws IOException {
        return call(() -> deadline()
                .datanodeAdminStatus(DatanodeAdminStatusRequest.getDefaultInstance())
                .getNodesList());
    }

    public List<Pipeline> pipelines() throws IOException {
        return call(() -> deadline()
                .listPipelines(ListPipelinesRequest.getDefaultInstance())
                .getPipelinesList());
    }

    public List<ContainerInfo> containers(long startId, int count) throws IOException {
        return call(() -> deadline()
                .listContainers(ListContainersRequest.newBuilder()
                        .setStartContainerId(startId)
                        .setCount(count)
                        .build())
                .getContainersList());
    }

    public SafeModeStatusResponse safeMode() throws IOException {
        return call(() -> deadline().safeModeStatus(SafeModeStatusRequest.getDefaultInstance()));
    }

    @Override
    public void close() {
        channel.shutdownNow();
    }

    private ScmAdminServiceGrpc.ScmAdminServiceBlockingStub deadline() {
        return stub.withDeadlineAfter(DEADLINE_SECONDS, TimeUnit.SECONDS);
    }

    private <T> T call(Call<T> call) throws IOException {
        try {
            return call.run();
        } catch (StatusRuntimeException e) {
            throw new IOException("SCM at " + address + ": " + e.getStatus().getCode() + describe(e), e);
        }
    }

    private static String describe(StatusRuntimeException e) {
        return e.getStatus().getDescription() == null
                ? ""
                : " (" + e.getStatus().getDescription() + ")";
    }

    @FunctionalInterface
    private interface Call<T> {
        T run();
    }
}
