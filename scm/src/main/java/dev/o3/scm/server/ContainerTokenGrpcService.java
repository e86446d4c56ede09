package dev.o3.scm.server;

import dev.o3.proto.scm.GetContainerTokenRequest;
import dev.o3.proto.scm.GetContainerTokenResponse;
import dev.o3.proto.scm.ScmContainerTokenServiceGrpc;
import dev.o3.scm.security.ContainerTokenIssuer;
import io.grpc.stub.StreamObserver;

/**
 * gRPC {@code ScmContainerTokenService}: container tokens for administrators, for the container-scoped datanode
 * commands (ListBlock). Behind the same admin check as {@code ScmAdminService} in secure mode. Thread-safe.
 */
final class ContainerTokenGrpcService extends ScmContainerTokenServiceGrpc.ScmContainerTokenServiceImplBase {
    private final ContainerTokenIssuer tokens;

    ContainerTokenGrpcService(ContainerTokenIssuer tokens) {
        this.tokens = tokens;
    }

    /** Any container id, existing or not: the caller is an administrator (AdminAuthInterceptor, in secure mode). */
    @Override
    public void getContainerToken(
            GetContainerTokenRequest request, StreamObserver<GetContainerTokenResponse> response) {
        ScmGrpcErrors.answer("getContainerToken", response, () -> GetContainerTokenResponse.newBuilder()
                .setToken(tokens.issue(request.getContainerId(), AdminAuthInterceptor.caller()))
                .build());
    }
}
