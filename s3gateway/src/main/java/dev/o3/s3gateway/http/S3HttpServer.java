package dev.o3.s3gateway.http;

import dev.o3.common.concurrent.Threads;
import dev.o3.common.netty.NettyTransport;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.WriteBufferWaterMark;
import io.netty.channel.socket.SocketChannel;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.handler.ssl.SslProvider;
import io.netty.handler.timeout.IdleStateHandler;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLException;
import javax.net.ssl.X509ExtendedKeyManager;

/**
 * The Netty HTTP/1.1 listener: one accept loop, {@code eventLoopThreads} I/O loops, Netty's HTTP codec and an
 * {@link S3ChannelHandler} per connection. Lifecycle: construct (binds), {@link #close()}.
 */
public final class S3HttpServer implements AutoCloseable {
    private static final int MAX_INITIAL_LINE = 16 * 1024;
    private static final int MAX_HEADER_SIZE = 64 * 1024;
    private static final int MAX_CHUNK_SIZE = 64 * 1024;

    private final EventLoopGroup bossGroup;
    private final EventLoopGroup ioGroup;
    private final Channel serverChannel;

    /**
     * Binds the listener.
     *
     * @param eventLoopThreads I/O threads, 0 = Netty's default
     * @param bodyBuffer request body bytes buffered before reading pauses
     * @param idleTimeout idle connections (no exchange running, no traffic) are closed after this
     * @param https the certificate to serve HTTPS with; plain HTTP when empty
     */
    public S3HttpServer(
            InetSocketAddress address,
            int eventLoopThreads,
            ExchangeHandler handler,
            Executor workers,
            long bodyBuffer,
            Duration idleTimeout,
            Optional<X509ExtendedKeyManager> https) {
        Objects.requireNonNull(handler, "handler is null");
        Optional<SslContext> tls = https.map(S3HttpServer::sslContext);
        Objects.requireNonNull(workers, "workers is null");
        NettyTransport transport = NettyTransport.current();
        bossGroup = new MultiThreadIoEventLoopGroup(
                1, Threads.daemonThreadsNamed("s3g-accept"), transport.ioHandlerFactory());
        ioGroup = new MultiThreadIoEventLoopGroup(
                eventLoopThreads, Threads.daemonThreadsNamed("s3g-io"), transport.ioHandlerFactory());
        try {
            serverChannel = new ServerBootstrap()
                    .group(bossGroup, ioGroup)
                    .channel(transport.serverChannel())
                    .option(ChannelOption.SO_BACKLOG, 1024)
                    .childOption(ChannelOption.TCP_NODELAY, true)
                    .childOption(
                            ChannelOption.WRITE_BUFFER_WATER_MARK, new WriteBufferWaterMark(256 * 1024, 1024 * 1024))
                    .childHandler(new ChannelInitializer<SocketChannel>() {
                        @Override
                        protected void initChannel(SocketChannel channel) {
                            tls.ifPresent(
                                    context -> channel.pipeline().addLast("tls", context.newHandler(channel.alloc())));
                            channel.pipeline()
                                    .addLast(
                                            "idle",
                                            new IdleStateHandler(0, 0, idleTimeout.toMillis(), TimeUnit.MILLISECONDS))
                                    .addLast(
                                            "http",
                                            new HttpServerCodec(MAX_INITIAL_LINE, MAX_HEADER_SIZE, MAX_CHUNK_SIZE))
                                    .addLast("s3", new S3ChannelHandler(handler, workers, bodyBuffer));
                        }
                    })
                    .bind(address)
                    .syncUninterruptibly()
                    .channel();
        } catch (RuntimeException e) {
            shutdownGroups();
            throw e;
        }
    }

    /** JDK's TLS engine: it asks the key manager on every handshake, so a renewed certificate is used at once. */
    private static SslContext sslContext(X509ExtendedKeyManager keys) {
        try {
            return SslContextBuilder.forServer(keys)
                    .sslProvider(SslProvider.JDK)
                    .build();
        } catch (SSLException e) {
            throw new IllegalStateException("cannot set up HTTPS: " + e.getMessage(), e);
        }
    }

    public InetSocketAddress localAddress() {
        return (InetSocketAddress) serverChannel.localAddress();
    }

    @Override
    public void close() {
        serverChannel.close().syncUninterruptibly();
        shutdownGroups();
    }

    private void shutdownGroups() {
        bossGroup.shutdownGracefully(0, 2, TimeUnit.SECONDS).syncUninterruptibly();
        ioGroup.shutdownGracefully(0, 2, TimeUnit.SECONDS).syncUninterruptibly();
    }
}
