package dev.o3.common.grpc;

import dev.o3.common.config.HostAndPort;
import io.grpc.ManagedChannel;
import io.grpc.ServerServiceDefinition;
import io.grpc.netty.NettyChannelBuilder;
import io.grpc.netty.NettyServerBuilder;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Builds every gRPC channel and server of O3, so message size, keepalive and transport security (plaintext today,
 * TLS with issue 25) are set in one place. Callers add only what is theirs: services, an executor, or a channel
 * option such as {@code disableRetry()} where the caller retries by itself.
 */
public final class GrpcFactory {
    /** gRPC servers' own limit on client pings. */
    private static final Duration PERMIT_KEEPALIVE_TIME_DEFAULT = Duration.ofMinutes(5);

    private GrpcFactory() {}

    /** A channel builder to {@code target} with {@code config} applied; the caller adds its own options and builds. */
    public static NettyChannelBuilder channelBuilder(HostAndPort target, GrpcConfig config) {
        NettyChannelBuilder builder = NettyChannelBuilder.forAddress(target.host(), target.port())
                .maxInboundMessageSize(
                        Math.toIntExact(config.maxInboundMessageSize().bytes()))
                .keepAliveTime(config.keepAliveTime().toNanos(), TimeUnit.NANOSECONDS)
                .keepAliveTimeout(config.keepAliveTimeout().toNanos(), TimeUnit.NANOSECONDS);
        config.security().apply(builder);
        return builder;
    }

    /** A channel to {@code target} with {@code config} and gRPC's defaults otherwise. */
    public static ManagedChannel channel(HostAndPort target, GrpcConfig config) {
        return channelBuilder(target, config).build();
    }

    /**
     * A server for {@code services} on {@code address} (port 0 = ephemeral), not yet started.
     *
     * @param name what the server is, for errors (e.g. {@code om-om1 client port})
     */
    public static GrpcServer server(
            String name,
            InetSocketAddress address,
            GrpcConfig config,
            GrpcExecutor executor,
            ServerServiceDefinition... services) {
        Objects.requireNonNull(name, "name is null");
        NettyServerBuilder builder = NettyServerBuilder.forAddress(address)
                .maxInboundMessageSize(
                        Math.toIntExact(config.maxInboundMessageSize().bytes()))
                .keepAliveTime(config.keepAliveTime().toNanos(), TimeUnit.NANOSECONDS)
                .keepAliveTimeout(config.keepAliveTimeout().toNanos(), TimeUnit.NANOSECONDS)
                // Clients built here ping at keepAliveTime; the server must not take that for abuse.
                .permitKeepAliveTime(permittedPingInterval(config).toNanos(), TimeUnit.NANOSECONDS);
        config.security().apply(builder);
        Optional<ExecutorService> pool = executor.newPool();
        if (pool.isPresent()) {
            builder.executor(pool.get());
        } else {
            builder.directExecutor();
        }
        for (ServerServiceDefinition service : services) {
            builder.addService(service);
        }
        return new GrpcServer(name, address, builder.build(), pool);
    }

    static Duration permittedPingInterval(GrpcConfig config) {
        return config.keepAliveTime().compareTo(PERMIT_KEEPALIVE_TIME_DEFAULT) < 0
                ? config.keepAliveTime()
                : PERMIT_KEEPALIVE_TIME_DEFAULT;
    }
}
