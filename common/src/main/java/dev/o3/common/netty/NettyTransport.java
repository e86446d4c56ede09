package dev.o3.common.netty;

import io.netty.channel.IoHandlerFactory;
import io.netty.channel.ServerChannel;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollIoHandler;
import io.netty.channel.epoll.EpollServerSocketChannel;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.nio.NioServerSocketChannel;

/**
 * The socket transport of the S3 gateway's HTTP port: Linux's native epoll where its library loads, the JDK's NIO
 * elsewhere. gRPC makes the same choice for its channels and servers when the epoll library is on the class path.
 * Epoll spends fewer system calls and wake-ups per message than NIO's selector, which on a small machine is CPU the
 * requests get back. Container replication stays on NIO: its copies are file regions, which epoll sends with its own
 * {@code sendfile} path, and that path has not been through the fault-injection campaign.
 */
public enum NettyTransport {
    /** Linux's epoll through netty-transport-native-epoll. */
    EPOLL,
    /** The JDK's selector. */
    NIO;

    /** Epoll when its native library loads here ({@code -Dio.netty.transport.noNative=true} turns it off), else NIO. */
    public static NettyTransport current() {
        return Epoll.isAvailable() ? EPOLL : NIO;
    }

    /** The I/O handlers of event loops of this transport. */
    public IoHandlerFactory ioHandlerFactory() {
        return this == EPOLL ? EpollIoHandler.newFactory() : NioIoHandler.newFactory();
    }

    /** The listening socket of a server. */
    public Class<? extends ServerChannel> serverChannel() {
        return this == EPOLL ? EpollServerSocketChannel.class : NioServerSocketChannel.class;
    }
}
