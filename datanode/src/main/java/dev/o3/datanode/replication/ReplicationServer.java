package dev.o3.datanode.replication;

import dev.o3.datanode.container.ContainerSet;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.ByteBufAllocator;
import io.netty.channel.Channel;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.WriteBufferWaterMark;
import io.netty.channel.group.ChannelGroup;
import io.netty.channel.group.DefaultChannelGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.codec.LengthFieldBasedFrameDecoder;
import io.netty.handler.stream.ChunkedWriteHandler;
import io.netty.handler.timeout.IdleStateHandler;
import io.netty.util.concurrent.DefaultThreadFactory;
import io.netty.util.concurrent.GlobalEventExecutor;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The container replication service ({@code hdds.datanode.replication.port}, 9886): a Netty server from which other
 * datanodes pull closed containers ({@link ContainerSender}). At most {@code outboundLimit} containers stream at
 * once; a stream that moves no byte for the idle timeout is closed. Each connection queues at most {@link
 * #WRITE_BUFFER_HIGH} bytes before it stops writing, so the server's memory does not grow with a slow destination.
 * With {@link ReplicationTls} on, connections are mutual TLS and block files are encrypted a chunk at a time.
 * Lifecycle: construct, {@link #start()}, {@link #close()} (closes open streams too).
 */
public final class ReplicationServer implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(ReplicationServer.class);
    /** Queued outbound bytes above which a stream stops writing until the queue drops below the low mark. */
    static final int WRITE_BUFFER_HIGH = 1 << 20;

    private static final int WRITE_BUFFER_LOW = 256 << 10;

    private final String logPrefix;
    private final InetSocketAddress address;
    private final ContainerSet containers;
    private final Semaphore streams;
    private final Duration idleTimeout;
    private final ReplicationMetrics metrics;
    private final ByteBufAllocator allocator;
    private final ReplicationTls tls;
    private final EventLoopGroup boss;
    private final EventLoopGroup workers;
    private final ChannelGroup channels = new DefaultChannelGroup(GlobalEventExecutor.INSTANCE);
    private final AtomicBoolean closed = new AtomicBoolean();
    private volatile Channel server;

    /**
     * @param outboundLimit containers served at once
     * @param allocator buffer allocator of the streams (tests pass their own to measure it)
     * @param tls plaintext, or mutual TLS that refuses peers without a certificate of the cluster CA
     */
    public ReplicationServer(
            String logPrefix,
            InetSocketAddress address,
            ContainerSet containers,
            int outboundLimit,
            Duration idleTimeout,
            ReplicationMetrics metrics,
            ByteBufAllocator allocator,
            ReplicationTls tls) {
        this.logPrefix = Objects.requireNonNull(logPrefix, "logPrefix is null");
        this.address = Objects.requireNonNull(address, "address is null");
        this.containers = Objects.requireNonNull(containers, "containers is null");
        this.streams = new Semaphore(outboundLimit);
        this.idleTimeout = Objects.requireNonNull(idleTimeout, "idleTimeout is null");
        this.metrics = Objects.requireNonNull(metrics, "metrics is null");
        this.allocator = Objects.requireNonNull(allocator, "allocator is null");
        this.tls = Objects.requireNonNull(tls, "tls is null");
        this.boss = new MultiThreadIoEventLoopGroup(
                1, new DefaultThreadFactory(logPrefix + "-replication-accept", true), NioIoHandler.newFactory());
        this.workers = new MultiThreadIoEventLoopGroup(
                Math.max(1, Math.min(outboundLimit, Runtime.getRuntime().availableProcessors())),
                new DefaultThreadFactory(logPrefix + "-replication-out", true),
                NioIoHandler.newFactory());
    }

    /**
     * Binds the port.
     *
     * @throws IllegalStateException when the port cannot be bound
     */
    public void start() {
        ServerBootstrap bootstrap = new ServerBootstrap()
                .group(boss, workers)
                .channel(NioServerSocketChannel.class)
                .childOption(ChannelOption.ALLOCATOR, allocator)
                .childOption(
                        ChannelOption.WRITE_BUFFER_WATER_MARK,
                        new WriteBufferWaterMark(WRITE_BUFFER_LOW, WRITE_BUFFER_HIGH))
                .childHandler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel channel) {
                        channels.add(channel);
                        tls.serverHandler(channel.alloc())
                                .ifPresent(handler -> channel.pipeline().addLast(handler));
                        if (tls.enabled()) {
                            // Block files are read into buffers to be encrypted, a chunk at a time while writable.
                            channel.pipeline().addLast(new ChunkedWriteHandler());
                        }
                        channel.pipeline()
                                .addLast(
                                        new IdleStateHandler(true, 0, 0, idleTimeout.toMillis(), TimeUnit.MILLISECONDS))
                                .addLast(new LengthFieldBasedFrameDecoder(
                                        Frames.MAX_FRAME_BYTES, 0, Frames.LENGTH_BYTES, 0, Frames.LENGTH_BYTES))
                                .addLast(new ContainerSender(logPrefix, containers, streams, metrics, !tls.enabled()));
                    }
                });
        try {
            server = bootstrap.bind(address).sync().channel();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("[" + logPrefix + "] interrupted while binding the replication service", e);
        } catch (RuntimeException e) {
            throw new IllegalStateException(
                    "[" + logPrefix + "] cannot bind the replication service to " + address + ": " + e, e);
        }
        LOG.info("[{}] replication service on port {} ({})", logPrefix, port(), tls);
    }

    /** The bound port. */
    public int port() {
        Channel channel = server;
        if (channel == null) {
            throw new IllegalStateException("replication service not started");
        }
        return ((InetSocketAddress) channel.localAddress()).getPort();
    }

    /** Stops accepting and closes every open stream; idempotent. */
    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        Channel channel = server;
        if (channel != null) {
            channel.close().syncUninterruptibly();
        }
        channels.close().awaitUninterruptibly();
        boss.shutdownGracefully(0, 2, TimeUnit.SECONDS).awaitUninterruptibly();
        workers.shutdownGracefully(0, 2, TimeUnit.SECONDS).awaitUninterruptibly();
    }
}
