package dev.o3.datanode.read;

import dev.o3.common.concurrent.Threads;
import dev.o3.proto.container.ContainerCommandRequest;
import dev.o3.proto.container.ContainerCommandResponse;
import dev.o3.proto.container.ContainerReadServiceGrpc;
import io.grpc.Server;
import io.grpc.netty.NettyServerBuilder;
import io.grpc.stub.StreamObserver;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.util.Objects;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The gRPC read service ({@code ContainerReadService.Send}, standalone port 9859): each stream's requests are
 * answered one by one, in order, by a {@link ReadHandler}. Owns its executor. Lifecycle: construct, {@link
 * #start()}, {@link #close()}.
 */
public final class ReadServer implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(ReadServer.class);
    private static final int MESSAGE_SIZE_MAX = 64 << 20;

    private final String logPrefix;
    private final ExecutorService executor;
    private final Server server;

    public ReadServer(String logPrefix, InetSocketAddress address, ReadHandler handler, int threads) {
        this.logPrefix = Objects.requireNonNull(logPrefix, "logPrefix is null");
        this.executor = Executors.newFixedThreadPool(threads, Threads.daemonThreadsNamed(logPrefix + "-read"));
        this.server = NettyServerBuilder.forAddress(address)
                .executor(executor)
                .maxInboundMessageSize(MESSAGE_SIZE_MAX)
                .addService(new Service(logPrefix, handler))
                .build();
    }

    /**
     * Binds the port.
     *
     * @throws UncheckedIOException when the port cannot be bound
     */
    public void start() {
        try {
            server.start();
        } catch (IOException e) {
            throw new UncheckedIOException("[" + logPrefix + "] cannot bind the read service", e);
        }
        LOG.info("[{}] read service on port {}", logPrefix, port());
    }

    public int port() {
        return server.getPort();
    }

    @Override
    public void close() {
        server.shutdown();
        try {
            if (!server.awaitTermination(5, TimeUnit.SECONDS)) {
                server.shutdownNow();
                // Connections must be gone before the executor: a call arriving after it would never be answered.
                server.awaitTermination(5, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            server.shutdownNow();
            Thread.currentThread().interrupt();
        }
        executor.shutdownNow();
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
