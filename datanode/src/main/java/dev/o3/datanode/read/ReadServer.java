package dev.o3.datanode.read;

import dev.o3.common.grpc.GrpcConfig;
import dev.o3.common.grpc.GrpcExecutor;
import dev.o3.common.grpc.GrpcFactory;
import dev.o3.common.grpc.GrpcServer;
import dev.o3.proto.container.ContainerCommandRequest;
import dev.o3.proto.container.ContainerCommandResponse;
import dev.o3.proto.container.ContainerReadServiceGrpc;
import io.grpc.stub.StreamObserver;
import java.net.InetSocketAddress;
import java.util.Objects;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The gRPC read service ({@code ContainerReadService.Send}, standalone port 9859): each stream's requests are
 * answered one by one, in order, by a {@link ReadHandler}. Owns its executor. Lifecycle: construct, {@link
 * #start()}, {@link #close()}.
 */
public final class ReadServer implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(ReadServer.class);

    private final String logPrefix;
    private final GrpcServer server;

    public ReadServer(String logPrefix, InetSocketAddress address, ReadHandler handler, int threads, GrpcConfig grpc) {
        this.logPrefix = Objects.requireNonNull(logPrefix, "logPrefix is null");
        this.server = GrpcFactory.server(
                logPrefix + " read service",
                address,
                grpc,
                GrpcExecutor.fixedPool(logPrefix + "-read", threads),
                new Service(logPrefix, handler).bindService());
    }

    /**
     * Binds the port.
     *
     * @throws java.io.UncheckedIOException when the port cannot be bound
     */
    public void start() {
        server.start();
        LOG.info("[{}] read service on port {}", logPrefix, port());
    }

    public int port() {
        return server.port();
    }

    @Override
    public void close() {
        server.close();
    }

    /** The gRPC binding; gRPC serializes the callbacks of one stream. */
    private static final class Service extends ContainerReadServiceGrpc.ContainerReadServiceImplBase {
        private final String logPrefix;
        private final ReadHandler handler;

        Service(String logPrefix, ReadHandler handler) {
            this.logPrefix = logPrefix;
            this.handler = handler;
        }

        @Override
        public StreamObserver<ContainerCommandRequest> send(StreamObserver<ContainerCommandResponse> responses) {
            return new StreamObserver<>() {
                @Override
                public void onNext(ContainerCommandRequest request) {
                    responses.onNext(handler.handle(request));
                }

                @Override
                public void onError(Throwable error) {
                    LOG.debug("[{}] read stream failed", logPrefix, error);
                }

                @Override
                public void onCompleted() {
                    responses.onCompleted();
                }
            };
        }
    }
}
