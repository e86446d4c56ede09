package dev.o3.common.grpc;

import io.grpc.Server;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * A gRPC server made by {@link GrpcFactory}, with the executor it owns. {@link #close()} cancels the calls in flight
 * (long-lived client streams would otherwise hold a graceful shutdown open) and then waits for the executor, so no
 * call is still running against the components the owner closes next. Thread-safe.
 */
public final class GrpcServer implements AutoCloseable {
    private static final long STOP_WAIT_SECONDS = 5;

    private final String name;
    private final InetSocketAddress address;
    private final Server server;
    private final Optional<ExecutorService> executor;

    GrpcServer(String name, InetSocketAddress address, Server server, Optional<ExecutorService> executor) {
        this.name = Objects.requireNonNull(name, "name is null");
        this.address = Objects.requireNonNull(address, "address is null");
        this.server = Objects.requireNonNull(server, "server is null");
        this.executor = Objects.requireNonNull(executor, "executor is null");
    }

    /**
     * Binds the port and starts serving.
     *
     * @return this server
     * @throws UncheckedIOException naming the server and address when the port cannot be bound
     */
    public GrpcServer start() {
        try {
            server.start();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot bind " + name + " to " + address, e);
        }
        return this;
    }

    /** The bound port (useful with port 0). */
    public int port() {
        return server.getPort();
    }

    /** Stops serving: in-flight calls are cancelled, then the executor's calls finish (bounded wait). Idempotent. */
    @Override
    public void close() {
        server.shutdownNow();
        try {
            server.awaitTermination(STOP_WAIT_SECONDS, TimeUnit.SECONDS);
            if (executor.isPresent()) {
                ExecutorService pool = executor.get();
                pool.shutdown();
                if (!pool.awaitTermination(STOP_WAIT_SECONDS, TimeUnit.SECONDS)) {
                    pool.shutdownNow();
                }
            }
        } catch (InterruptedException e) {
            executor.ifPresent(ExecutorService::shutdownNow);
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public String toString() {
        return name + "@" + address;
    }
}
