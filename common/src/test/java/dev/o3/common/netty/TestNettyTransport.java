package dev.o3.common.netty;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.bootstrap.Bootstrap;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollSocketChannel;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The transport of O3's own Netty servers and clients: epoll on this platform, and each one's parts fit together. */
class TestNettyTransport {
    @Test
    void epollOnLinux() {
        // The build ships epoll's natives for linux-x86_64, the platform the project builds and runs on.
        assertThat(Epoll.isAvailable())
                .as("epoll unavailable: %s", Epoll.unavailabilityCause())
                .isTrue();
        assertThat(NettyTransport.current()).isEqualTo(NettyTransport.EPOLL);
    }

    @ParameterizedTest
    @EnumSource(NettyTransport.class)
    void aClientAndAServerOfOneTransportTalk(NettyTransport transport) throws Exception {
        EventLoopGroup group = new MultiThreadIoEventLoopGroup(1, transport.ioHandlerFactory());
        try {
            Channel server = new ServerBootstrap()
                    .group(group)
                    .channel(transport.serverChannel())
                    .childHandler(new ChannelInitializer<SocketChannel>() {
                        @Override
                        protected void initChannel(SocketChannel channel) {
                            channel.pipeline().addLast(new SimpleChannelInboundHandler<ByteBuf>() {
                                @Override
                                protected void channelRead0(ChannelHandlerContext ctx, ByteBuf message) {
                                    var unused = ctx.writeAndFlush(message.retain());
                                }
                            });
                        }
                    })
                    .bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0))
                    .sync()
                    .channel();
            CompletableFuture<String> echoed = new CompletableFuture<>();
            Channel client = new Bootstrap()
                    .group(group)
                    .channel(transport == NettyTransport.EPOLL ? EpollSocketChannel.class : NioSocketChannel.class)
                    .handler(new SimpleChannelInboundHandler<ByteBuf>() {
                        @Override
                        protected void channelRead0(ChannelHandlerContext ctx, ByteBuf message) {
                            echoed.complete(message.toString(StandardCharsets.UTF_8));
                        }
                    })
                    .connect(server.localAddress())
                    .sync()
                    .channel();
            client.writeAndFlush(Unpooled.copiedBuffer("ping", StandardCharsets.UTF_8))
                    .sync();
            assertThat(echoed.get(30, TimeUnit.SECONDS)).isEqualTo("ping");
            client.close().sync();
            server.close().sync();
        } finally {
            group.shutdownGracefully(0, 0, TimeUnit.SECONDS).sync();
        }
    }
}
