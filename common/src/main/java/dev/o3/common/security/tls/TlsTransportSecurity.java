package dev.o3.common.security.tls;

import dev.o3.common.grpc.TransportSecurity;
import io.grpc.netty.GrpcSslContexts;
import io.grpc.netty.NettyChannelBuilder;
import io.grpc.netty.NettyServerBuilder;
import io.netty.handler.ssl.ClientAuth;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import java.util.Objects;
import java.util.Optional;
import javax.net.ssl.SSLException;

/**
 * TLS on gRPC with the cluster CA. Channels check the server's certificate (chain to the CA, host name) and, for a
 * service, present its own; servers present theirs and check a client's when it offers one. Ports that only services
 * call ({@link #requireClientCertificates()}) refuse a client without a certificate. The engine is the material's
 * {@link TlsProvider}; either asks the key manager at every handshake, so a renewed certificate is used from the next
 * handshake on. Immutable.
 */
public final class TlsTransportSecurity implements TransportSecurity {
    private final TlsMaterial material;
    private final ClientAuth clientAuth;

    private TlsTransportSecurity(TlsMaterial material, ClientAuth clientAuth) {
        this.material = Objects.requireNonNull(material, "material is null");
        this.clientAuth = clientAuth;
    }

    /** TLS with {@code material}; servers accept clients without a certificate (users, tools). */
    public static TlsTransportSecurity of(TlsMaterial material) {
        return new TlsTransportSecurity(material, ClientAuth.OPTIONAL);
    }

    @Override
    public TransportSecurity requireClientCertificates() {
        return new TlsTransportSecurity(material, ClientAuth.REQUIRE);
    }

    @Override
    public Optional<TlsMaterial> tls() {
        return Optional.of(material);
    }

    @Override
    public void apply(NettyChannelBuilder channel) {
        SslContextBuilder builder = GrpcSslContexts.configure(
                        SslContextBuilder.forClient(), material.provider().netty())
                .trustManager(material.trustManager());
        material.keys().ifPresent(builder::keyManager);
        channel.sslContext(build(builder));
    }

    @Override
    public void apply(NettyServerBuilder server) {
        ReloadingKeyManager keys = material.keys()
                .orElseThrow(() -> new IllegalStateException("a TLS server needs a certificate; clients have none"));
        SslContextBuilder builder = GrpcSslContexts.configure(
                        SslContextBuilder.forServer(keys), material.provider().netty())
                .trustManager(material.trustManager())
                .clientAuth(clientAuth);
        server.sslContext(build(builder));
    }

    private static SslContext build(SslContextBuilder builder) {
        try {
            return builder.build();
        } catch (SSLException e) {
            throw new IllegalStateException("cannot set up TLS: " + e.getMessage(), e);
        }
    }

    @Override
    public String toString() {
        return "TLS (" + (clientAuth == ClientAuth.REQUIRE ? "mutual" : "client certificate optional") + ")";
    }
}
