package dev.o3.client.admin;

import com.google.protobuf.ByteString;
import dev.o3.client.api.OzoneClient;
import dev.o3.client.om.SigningCredentials;
import dev.o3.common.config.CommonConfigKeys;
import dev.o3.common.config.HostAndPort;
import dev.o3.common.config.OzoneConfiguration;
import dev.o3.common.grpc.GrpcConfig;
import dev.o3.common.grpc.GrpcFactory;
import dev.o3.proto.hdds.ContainerState;
import dev.o3.proto.hdds.DatanodeDetails;
import dev.o3.proto.hdds.Pipeline;
import dev.o3.proto.scm.CloseContainerRequest;
import dev.o3.proto.scm.ClosePipelineRequest;
import dev.o3.proto.scm.ContainerInfo;
import dev.o3.proto.scm.ContainerReportRequest;
import dev.o3.proto.scm.ContainerReportResponse;
import dev.o3.proto.scm.DatanodeAdminProgress;
import dev.o3.proto.scm.DatanodeAdminStatusRequest;
import dev.o3.proto.scm.DatanodeInfo;
import dev.o3.proto.scm.DecommissionDatanodesRequest;
import dev.o3.proto.scm.ExitSafeModeRequest;
import dev.o3.proto.scm.GetContainerRequest;
import dev.o3.proto.scm.GetContainerResponse;
import dev.o3.proto.scm.GetContainerTokenRequest;
import dev.o3.proto.scm.ListContainersRequest;
import dev.o3.proto.scm.ListDatanodesRequest;
import dev.o3.proto.scm.ListPipelinesRequest;
import dev.o3.proto.scm.RecommissionDatanodesRequest;
import dev.o3.proto.scm.ReplicationManagerAction;
import dev.o3.proto.scm.ReplicationManagerRequest;
import dev.o3.proto.scm.SafeModeStatusRequest;
import dev.o3.proto.scm.SafeModeStatusResponse;
import dev.o3.proto.scm.ScmAdminServiceGrpc;
import dev.o3.proto.scm.ScmContainerTokenServiceGrpc;
import dev.o3.proto.scm.StartMaintenanceRequest;
import io.grpc.ManagedChannel;
import io.grpc.StatusRuntimeException;
import java.io.IOException;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * Calls SCM's admin service, signing each call with the user's credential when there is one; gRPC failures become
 * one-line IOExceptions naming SCM's address.
 */
public final class ScmAdminClient implements AutoCloseable {
    private static final long DEADLINE_SECONDS = 30;

    private final HostAndPort address;
    private final ManagedChannel channel;
    private final ScmAdminServiceGrpc.ScmAdminServiceBlockingStub stub;
    private final ScmContainerTokenServiceGrpc.ScmContainerTokenServiceBlockingStub tokens;

    public ScmAdminClient(OzoneConfiguration conf) {
        this.address = CommonConfigKeys.scmAddress(
                conf, CommonConfigKeys.SCM_CLIENT_ADDRESS, CommonConfigKeys.SCM_CLIENT_PORT);
        this.channel = GrpcFactory.channel(address, GrpcConfig.from(conf));
        ScmAdminServiceGrpc.ScmAdminServiceBlockingStub unsigned = ScmAdminServiceGrpc.newBlockingStub(channel);
        // Secure mode: SCM has OM check the signature of every admin call (docs/security.md).
        Optional<SigningCredentials> signer =
                OzoneClient.credentialOf(conf).map(credential -> new SigningCredentials(credential, "", false));
        this.stub = signer.map(unsigned::withCallCredentials).orElse(unsigned);
        ScmContainerTokenServiceGrpc.ScmContainerTokenServiceBlockingStub unsignedTokens =
                ScmContainerTokenServiceGrpc.newBlockingStub(channel);
        this.tokens = signer.map(unsignedTokens::withCallCredentials).orElse(unsignedTokens);
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

    /** One container with its replicas and health. */
    public GetContainerResponse container(long id) throws IOException {
        return call(() -> deadline()
                .getContainer(
                        GetContainerRequest.newBuilder().setContainerId(id).build()));
    }

    public ContainerReportResponse containerReport() throws IOException {
        return call(() -> deadline().containerReport(ContainerReportRequest.getDefaultInstance()));
    }

    /** Asks SCM to close a container; returns its state afterwards. */
    public ContainerState closeContainer(long id) throws IOException {
        return call(() -> deadline()
                .closeContainer(
                        CloseContainerRequest.newBuilder().setContainerId(id).build())
                .getState());
    }

    /**
     * A container token from SCM for the container-scoped datanode commands (ListBlock) on container {@code id}; needs
     * an administrator in secure mode; empty when security is off.
     */
    public ByteString containerToken(long id) throws IOException {
        return call(() -> tokens.withDeadlineAfter(DEADLINE_SECONDS, TimeUnit.SECONDS)
                .getContainerToken(
                        GetContainerTokenRequest.newBuilder().setContainerId(id).build())
                .getToken());
    }

    public void closePipeline(String id) throws IOException {
        call(() -> deadline()
                .closePipeline(
                        ClosePipelineRequest.newBuilder().setPipelineId(id).build()));
    }

    /** Starts, stops or asks about the replication manager; returns whether it runs afterwards. */
    public boolean replicationManager(ReplicationManagerAction action) throws IOException {
        return call(() -> deadline()
                .replicationManager(
                        ReplicationManagerRequest.newBuilder().setAction(action).build())
                .getRunning());
    }

    /** Makes SCM leave safe mode; returns whether it was in it. */
    public boolean exitSafeMode() throws IOException {
        return call(() -> deadline()
                .exitSafeMode(ExitSafeModeRequest.getDefaultInstance())
                .getWasInSafeMode());
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
