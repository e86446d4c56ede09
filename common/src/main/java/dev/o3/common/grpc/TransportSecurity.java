package dev.o3.common.grpc;

import dev.o3.common.security.tls.TlsMaterial;
import io.grpc.netty.NettyChannelBuilder;
import io.grpc.netty.NettyServerBuilder;
import java.util.Optional;

/**
 * How the channels and servers of a process protect their connections, applied by {@link GrpcFactory} to both sides
 * alike: {@link #PLAINTEXT}, or TLS ({@link dev.o3.common.security.tls.TlsTransportSecurity}) chosen by {@link
 * GrpcConfig#from} for a client and given a certificate by a service ({@link GrpcConfig#withSecurity}).
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

    /** The same security for a server that only services call: a client without a certificate is refused. */
    default TransportSecurity requireClientCertificates() {
        return this;
    }

    /** The certificates in use, for channels built outside {@link GrpcFactory} (Ratis); empty for plaintext. */
    default Optional<TlsMaterial> tls() {
        return Optional.empty();
    }

    /** Security that cannot be used: TLS is on but this process lacks what it needs; {@code reason} says what. */
    static TransportSecurity unusable(String reason) {
        return new TransportSecurity() {
            @Override
            public void apply(NettyChannelBuilder channel) {
                throw new IllegalStateException(reason);
            }

            @Override
            public void apply(NettyServerBuilder server) {
                throw new IllegalStateException(reason);
            }

            @Override
            public String toString() {
                return "unusable TLS: " + reason;
            }
        };
    }
}
