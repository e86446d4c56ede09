package dev.o3.datanode.replication;

import dev.o3.common.grpc.TransportSecurity;
import dev.o3.common.security.tls.ReloadingKeyManager;
import dev.o3.common.security.tls.TlsMaterial;
import io.netty.buffer.ByteBufAllocator;
import io.netty.handler.ssl.ClientAuth;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.handler.ssl.SslHandler;
import io.netty.handler.ssl.SslProvider;
import java.net.InetSocketAddress;
import java.util.Objects;
import java.util.Optional;
import javax.net.ssl.SSLException;

/**
 * How the replication channel between datanodes is protected: {@link #PLAINTEXT}, or mutual TLS with the datanode's
 * cluster-issued certificate ({@code hdds.grpc.tls.enabled}), where the server refuses a peer without a certificate
 * of the cluster CA and the client checks the source's certificate and host name. Immutable.
 */
public final class ReplicationTls {
    /** No encryption, no peer authentication; block files go out zero-copy. */
    public static final ReplicationTls PLAINTEXT = new ReplicationTls(null, null);

    private final SslContext server;
    private final SslContext client;

    private ReplicationTls(SslContext server, SslContext client) {
        this.server = server;
        this.client = client;
    }

    /** TLS with the datanode's own certificate when {@code security} has one, else {@link #PLAINTEXT}. */
    public static ReplicationTls of(TransportSecurity security) {
        return security.tls().map(ReplicationTls::of).orElse(PLAINTEXT);
    }

    /**
     * Mutual TLS with {@code material}.
     *
     * @throws IllegalArgumentException when the material has no certificate of this datanode
     */
    public static ReplicationTls of(TlsMaterial material) {
        Objects.requireNonNull(material, "material is null");
        ReloadingKeyManager keys = material.keys()
                .orElseThrow(
                        () -> new IllegalArgumentException("replication over TLS needs the datanode's certificate"));
        SslProvider engine = material.provider().netty();
        return new ReplicationTls(
                build(SslContextBuilder.forServer(keys)
                        .sslProvider(engine)
                        .trustManager(material.trustManager())
                        .clientAuth(ClientAuth.REQUIRE)),
                build(SslContextBuilder.forClient()
                        .sslProvider(engine)
                        .trustManager(material.trustManager())
                        .keyManager(keys)
                        .endpointIdentificationAlgorithm("HTTPS")));
    }

    /** Whether the channel is encrypted (then block files cannot go out with sendfile). */
    boolean enabled() {
        return server != null;
    }

    /** The TLS handler of a connection the replication service accepted; empty for plaintext. */
    Optional<SslHandler> serverHandler(ByteBufAllocator allocator) {
        return Optional.ofNullable(server).map(context -> context.newHandler(allocator));
    }

    /** The TLS handler of a connection to the source at {@code peer}; empty for plaintext. */
    Optional<SslHandler> clientHandler(ByteBufAllocator allocator, InetSocketAddress peer) {
        return Optional.ofNullable(client)
                .map(context -> context.newHandler(allocator, peer.getHostString(), peer.getPort()));
    }

    private static SslContext build(SslContextBuilder builder) {
        try {
            return builder.build();
        } catch (SSLException e) {
            throw new IllegalStateException("cannot set up TLS for replication: " + e.getMessage(), e);
        }
    }

    @Override
    public String toString() {
        return enabled() ? "mutual TLS" : "plaintext";
    }
}
