package dev.o3.common.grpc;

import dev.o3.common.concurrent.Threads;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * Where a gRPC server runs its calls. A server's choice depends on whether its service blocks, so it is made in code
 * per server, not configured. A pool is made for one server by {@link GrpcFactory} and shut down when that {@link
 * GrpcServer} closes.
 */
public abstract sealed class GrpcExecutor {
    private GrpcExecutor() {}

    /** Calls run on the transport (event-loop) thread: no hand-off, so the service must never block. */
    public static GrpcExecutor direct() {
        return Direct.INSTANCE;
    }

    /** Calls run on {@code threads} threads named {@code name-N}; more calls queue. */
    public static GrpcExecutor fixedPool(String name, int threads) {
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be positive: " + threads);
        }
        return new Pool(name, threads);
    }

    /** Calls run on threads named {@code name-N}, made on demand and kept while busy, as gRPC's default executor. */
    public static GrpcExecutor cachedPool(String name) {
        return new Pool(name, 0);
    }

    /** A new pool for one server, or empty for {@link #direct()}. */
    abstract Optional<ExecutorService> newPool();

    private static final class Direct extends GrpcExecutor {
        private static final Direct INSTANCE = new Direct();

        @Override
        Optional<ExecutorService> newPool() {
            return Optional.empty();
        }

        @Override
        public String toString() {
            return "direct";
        }
    }

    private static final class Pool extends GrpcExecutor {
        private final String name;
        private final int threads;

        /** {@code threads} 0 = cached. */
        Pool(String name, int threads) {
            this.name = Objects.requireNonNull(name, "name is null");
            this.threads = threads;
        }

        @Override
        Optional<ExecutorService> newPool() {
            return Optional.of(
                    threads == 0
                            ? Executors.newCachedThreadPool(Threads.daemonThreadsNamed(name))
                            : Executors.newFixedThreadPool(threads, Threads.daemonThreadsNamed(name)));
        }

        @Override
        public String toString() {
            return name + (threads == 0 ? " (cached)" : " (" + threads + " threads)");
        }
    }
}
