package dev.o3.datanode.read;

import com.google.errorprone.annotations.concurrent.GuardedBy;
import dev.o3.common.concurrent.Threads;
import dev.o3.common.grpc.GrpcConfig;
import dev.o3.common.grpc.GrpcExecutor;
import dev.o3.common.grpc.GrpcFactory;
import dev.o3.common.grpc.GrpcServer;
import dev.o3.datanode.container.ContainerHandler;
import dev.o3.datanode.container.ContainerResultException;
import dev.o3.proto.container.ContainerCommandRequest;
import dev.o3.proto.container.ContainerCommandResponse;
import dev.o3.proto.container.ContainerReadServiceGrpc;
import dev.o3.proto.container.ContainerResult;
import io.grpc.Status;
import io.grpc.stub.ServerCallStreamObserver;
import io.grpc.stub.StreamObserver;
import java.net.InetSocketAddress;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The gRPC read service ({@code ContainerReadService.Send}, standalone port 9859): each stream's requests are
 * answered one by one, in order, by a {@link ReadHandler}. A GetBlock of a small block (or one answered with its
 * block file) is answered on the transport thread that received it, as OM answers lookups: handing it to a read
 * thread and its answer back cost two thread wake-ups, more CPU than the database gets it needs; every other request
 * goes to the read threads, which may wait for the disk. Owns its read threads. Lifecycle: construct, {@link
 * #start()}, {@link #close()}.
 */
public final class ReadServer implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(ReadServer.class);

    private final String logPrefix;
    private final ExecutorService readThreads;
    private final GrpcServer server;

    public ReadServer(String logPrefix, InetSocketAddress address, ReadHandler handler, int threads, GrpcConfig grpc) {
        this.logPrefix = Objects.requireNonNull(logPrefix, "logPrefix is null");
        this.readThreads = Executors.newFixedThreadPool(threads, Threads.daemonThreadsNamed(logPrefix + "-read"));
        this.server = GrpcFactory.server(
                logPrefix + " read service",
                address,
                grpc,
                GrpcExecutor.direct(),
                new Service(logPrefix, handler, readThreads).bindService());
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
        readThreads.shutdownNow();
    }

    /** The gRPC binding; gRPC serializes the callbacks of one stream, on its transport thread. */
    private static final class Service extends ContainerReadServiceGrpc.ContainerReadServiceImplBase {
        private final String logPrefix;
        private final ReadHandler handler;
        private final Executor readThreads;

        Service(String logPrefix, ReadHandler handler, Executor readThreads) {
            this.logPrefix = logPrefix;
            this.handler = handler;
            this.readThreads = readThreads;
        }

        @Override
        public StreamObserver<ContainerCommandRequest> send(StreamObserver<ContainerCommandResponse> responses) {
            return new Stream(
                    logPrefix, handler, readThreads, (ServerCallStreamObserver<ContainerCommandResponse>) responses);
        }
    }

    /**
     * One client stream. It takes one request at a time (manual flow control), so a request handed to a read thread
     * is answered before the next arrives and answers keep the requests' order; only the end of the stream, which
     * flow control does not hold back, may come while one is out, and then waits for it.
     */
    private static final class Stream implements StreamObserver<ContainerCommandRequest> {
        private final String logPrefix;
        private final ReadHandler handler;
        private final Executor readThreads;
        private final ServerCallStreamObserver<ContainerCommandResponse> responses;
        private final Object lock = new Object();

        @GuardedBy("lock")
        private boolean handedOff;

        @GuardedBy("lock")
        private boolean completeWhenAnswered;

        Stream(
                String logPrefix,
                ReadHandler handler,
                Executor readThreads,
                ServerCallStreamObserver<ContainerCommandResponse> responses) {
            this.logPrefix = logPrefix;
            this.handler = handler;
            this.readThreads = readThreads;
            this.responses = responses;
            // An answer a read thread finishes after the client went away is dropped, not thrown on that thread.
            responses.setOnCancelHandler(() -> LOG.debug("[{}] read stream cancelled", logPrefix));
            responses.disableAutoRequest();
            responses.request(1);
        }

        @Override
        public void onNext(ContainerCommandRequest request) {
            Optional<ContainerCommandResponse> small = handler.handleSmall(request, ReadHandler.SMALL_READ);
            if (small.isPresent()) {
                responses.onNext(small.get());
                responses.request(1);
                return;
            }
            synchronized (lock) {
                handedOff = true;
            }
            try {
                readThreads.execute(() -> answer(request));
            } catch (RejectedExecutionException e) {
                answer(ContainerHandler.failure(
                        new ContainerResultException(ContainerResult.IO_EXCEPTION, "the datanode is shutting down")));
            }
        }

        private void answer(ContainerCommandRequest request) {
            ContainerCommandResponse response;
            try {
                response = handler.handle(request);
            } catch (RuntimeException e) {
                // As gRPC ends a call whose handler throws on its own thread: the client's stream fails, not hangs.
                LOG.warn("[{}] {} failed", logPrefix, request.getCommandCase(), e);
                responses.onError(
                        Status.INTERNAL.withDescription(String.valueOf(e)).asRuntimeException());
                return;
            }
            answer(response);
        }

        private void answer(ContainerCommandResponse response) {
            responses.onNext(response);
            boolean complete;
            synchronized (lock) {
                handedOff = false;
                complete = completeWhenAnswered;
            }
            if (complete) {
                responses.onCompleted();
            } else {
                responses.request(1);
            }
        }

        @Override
        public void onError(Throwable error) {
            LOG.debug("[{}] read stream failed", logPrefix, error);
        }

        @Override
        public void onCompleted() {
            synchronized (lock) {
                if (handedOff) {
                    completeWhenAnswered = true;
                    return;
                }
            }
            responses.onCompleted();
        }
    }
}
