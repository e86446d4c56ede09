package dev.o3.datanode.replication;

import dev.o3.proto.replication.ReplicationFrame;
import dev.o3.proto.replication.ReplicationRequest;
import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.channel.AdaptiveRecvByteBufAllocator;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.util.concurrent.DefaultThreadFactory;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.TimeUnit;

/**
 * The destination's end of a copy: connects to a source's replication service, asks for a container and feeds what
 * arrives to a {@link ContainerReceiver} on the calling thread. The channel reads from the socket only when asked
 * ({@code AUTO_READ} off), and the calling thread asks only after the previous bytes are on disk, so a slow disk
 * closes the TCP window and stalls the source instead of filling buffers. With {@link ReplicationTls} on, it presents
 * the datanode's certificate and checks the source's. Thread-safe; owns its event loop.
 */
final class ContainerDownloader implements AutoCloseable {
    private static final int READ_BUFFER_MIN = 4 << 10;
    private static final int READ_BUFFER_INITIAL = 64 << 10;
    /**
     * Up to 4 MiB per socket read (the pooled allocator's chunk size, so still pooled): a quarter of the hand-offs
     * between the event loop and the download thread of 1 MiB reads, each of which costs two thread wake-ups; measured
     * 1.39x the MB/s and 0.68x the CPU per MB of 1 MiB reads (docs/benchmarks.md, container replication).
     */
    private static final int READ_BUFFER_MAX = 4 << 20;

    private final Duration idleTimeout;
    private final ReplicationTls tls;
    private final EventLoopGroup group;

    ContainerDownloader(String logPrefix, Duration idleTimeout, ReplicationTls tls) {
        this.idleTimeout = Objects.requireNonNull(idleTimeout, "idleTimeout is null");
        this.tls = Objects.requireNonNull(tls, "tls is null");
        this.group = new MultiThreadIoEventLoopGroup(
                1, new DefaultThreadFactory(logPrefix + "-replication-in", true), NioIoHandler.newFactory());
    }

    /**
     * Streams the container from the source into the receiver.
     *
     * @throws ReplicationException when the source cannot be reached, refuses, stops sending for the idle timeout,
     *     closes early or sends data the receiver rejects
     */
    void download(long containerId, InetSocketAddress source, ContainerReceiver receiver)
            throws ReplicationException, InterruptedException {
        InboundQueue inbound = new InboundQueue();
        ChannelFuture connect = new Bootstrap()
                .group(group)
                .channel(NioSocketChannel.class)
                .option(ChannelOption.AUTO_READ, false)
                .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, (int) Math.min(Integer.MAX_VALUE, idleTimeout.toMillis()))
                .option(
                        ChannelOption.RECVBUF_ALLOCATOR,
                        new AdaptiveRecvByteBufAllocator(READ_BUFFER_MIN, READ_BUFFER_INITIAL, READ_BUFFER_MAX)
                                .maxMessagesPerRead(1))
                .handler(new ChannelInitializer<Channel>() {
                    @Override
                    protected void initChannel(Channel channel) {
                        tls.clientHandler(channel.alloc(), source)
                                .ifPresent(handler -> channel.pipeline().addLast(handler));
                        channel.pipeline().addLast(inbound);
                    }
                })
                .connect(source);
        if (!connect.await(idleTimeout.toMillis(), TimeUnit.MILLISECONDS) || !connect.isSuccess()) {
            var unused = connect.channel().close();
            throw new ReplicationException("cannot connect to " + source + ": " + connect.cause(), connect.cause());
        }
        Channel channel = connect.channel();
        try {
            channel.writeAndFlush(Frames.encode(
                            channel.alloc(),
                            ReplicationFrame.newBuilder()
                                    .setRequest(ReplicationRequest.newBuilder().setContainerId(containerId))
                                    .build()))
                    .addListener(ChannelFutureListener.CLOSE_ON_FAILURE);
            channel.read();
            FrameParser parser = new FrameParser(receiver);
            while (!receiver.complete()) {
                Object item = inbound.poll(idleTimeout);
                if (item == null) {
                    throw new ReplicationException(source + " sent nothing for " + idleTimeout);
                }
                if (item instanceof ByteBuf data) {
                    try {
                        parser.feed(data);
                    } finally {
                        data.release();
                    }
                    if (inbound.isEmpty()) {
                        channel.read();
                    }
                } else if (item instanceof Throwable error) {
                    throw new ReplicationException("stream from " + source + " failed: " + error, error);
                } else {
                    throw new ReplicationException(source + " closed the stream before the end of the container");
                }
            }
        } finally {
            channel.close().awaitUninterruptibly();
            inbound.discard();
        }
    }

    @Override
    public void close() {
        group.shutdownGracefully(0, 2, TimeUnit.SECONDS).awaitUninterruptibly();
    }
}
