package dev.o3.datanode.heartbeat;

import dev.o3.common.config.HostAndPort;
import dev.o3.common.grpc.GrpcConfig;
import dev.o3.common.grpc.GrpcFactory;
import dev.o3.proto.scm.HeartbeatRequest;
import dev.o3.proto.scm.HeartbeatResponse;
import dev.o3.proto.scm.RegisterRequest;
import dev.o3.proto.scm.RegisterResponse;
import dev.o3.proto.scm.ScmDatanodeServiceGrpc;
import io.grpc.ManagedChannel;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * The datanode's connection to SCM's datanode service (one persistent channel). Calls block up to the given timeout
 * and throw {@link io.grpc.StatusRuntimeException} on failure. Thread-safe.
 */
final class ScmClient implements AutoCloseable {
    private final ManagedChannel channel;
    private final ScmDatanodeServiceGrpc.ScmDatanodeServiceBlockingStub stub;
    private final Duration timeout;

    ScmClient(HostAndPort address, Duration timeout, GrpcConfig grpc) {
        this.channel = GrpcFactory.channel(address, grpc);
        this.stub = ScmDatanodeServiceGrpc.newBlockingStub(channel);
        this.timeout = timeout;
    }

    RegisterResponse register(RegisterRequest request) {
        return stub.withDeadlineAfter(timeout.toMillis(), TimeUnit.MILLISECONDS).register(request);
    }

    HeartbeatResponse heartbeat(HeartbeatRequest request) {
        return stub.withDeadlineAfter(timeout.toMillis(), TimeUnit.MILLISECONDS).heartbeat(request);
    }

    @Override
    public void close() {
        channel.shutdown();
        try {
            if (!channel.awaitTermination(5, TimeUnit.SECONDS)) {
                channel.shutdownNow();
            }
        } catch (InterruptedException e) {
            channel.shutdownNow();
            Thread.currentThread().interrupt();
        }
    }
}
