package dev.o3.common.grpc;

import io.grpc.netty.NettyChannelBuilder;
import io.grpc.netty.NettyServerBuilder;

/**
 * How the channels and servers of a process protect their connections, applied by {@link GrpcFactory} to both sides
 * alike. Plaintext is the only choice today; issue 25 plugs mutual TLS in here (a second implementation carrying the
 * certificates, chosen in {@link GrpcConfig#from}).
 */
public interface TransportSecurity {
    /** No encryption, no peer authentication. */
    TransportSecurity PLAINTEXT = new TransportSecurity() {
        @Override
        public void apply(NettyChannelBuilder channel) {
            channel.usePlaintext();
        }

        @Override
        public void apply(NettyServerBuilder server) {
            // A Netty server without an SSL context serves plaintext.
        }

        @Override
        public String toString() {
            return "plaintext";
        }
    };

    void apply(NettyChannelBuilder channel);

    void apply(NettyServerBuilder server);
}
