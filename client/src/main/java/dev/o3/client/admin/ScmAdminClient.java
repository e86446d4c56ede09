package dev.o3.client.admin;

import dev.o3.common.config.CommonConfigKeys;
import dev.o3.common.config.HostAndPort;
import dev.o3.common.config.OzoneConfiguration;
import dev.o3.common.grpc.GrpcConfig;
import dev.o3.common.grpc.GrpcFactory;
import dev.o3.proto.hdds.Pipeline;
import dev.o3.proto.scm.ContainerInfo;
import dev.o3.proto.scm.DatanodeInfo;
import dev.o3.proto.scm.ListContainersRequest;
import dev.o3.proto.scm.ListDatanodesRequest;
import dev.o3.proto.scm.ListPipelinesRequest;
import dev.o3.proto.scm.SafeModeStatusRequest;
import dev.o3.proto.scm.SafeModeStatusResponse;
import dev.o3.proto.scm.ScmAdminServiceGrpc;
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
