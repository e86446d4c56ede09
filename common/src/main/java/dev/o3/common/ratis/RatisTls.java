package dev.o3.common.ratis;

import dev.o3.common.grpc.TransportSecurity;
import dev.o3.common.security.tls.TlsMaterial;
import java.util.Optional;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLPeerUnverifiedException;
import javax.net.ssl.SSLSession;
import org.apache.ratis.conf.Parameters;
import org.apache.ratis.grpc.GrpcConfigKeys;
import org.apache.ratis.grpc.GrpcTlsConfig;
import org.apache.ratis.thirdparty.io.grpc.Grpc;
import org.apache.ratis.thirdparty.io.grpc.Metadata;
import org.apache.ratis.thirdparty.io.grpc.ServerCall;
import org.apache.ratis.thirdparty.io.grpc.ServerCallHandler;
import org.apache.ratis.thirdparty.io.grpc.ServerInterceptor;
import org.apache.ratis.thirdparty.io.grpc.Status;
import org.apache.ratis.thirdparty.io.grpc.netty.GrpcSslContexts;
import org.apache.ratis.thirdparty.io.netty.handler.ssl.ClientAuth;
import org.apache.ratis.thirdparty.io.netty.handler.ssl.OpenSsl;
import org.apache.ratis.thirdparty.io.netty.handler.ssl.SslContextBuilder;
import org.apache.ratis.thirdparty.io.netty.handler.ssl.SslProvider;

/**
 * TLS for Ratis' gRPC channels from a process's {@link TransportSecurity}: Ratis builds its own (shaded) Netty
 * channels, so it gets the same key and trust managers and TLS engine through its {@link Parameters}. Stateless.
 */
public final class RatisTls {
    /** The gRPC service Ratis clients call; every other Ratis service (append, vote, admin) is for peers only. */
    private static final String CLIENT_SERVICE = "ratis.grpc.RaftClientProtocolService";

    private RatisTls() {}

    /**
     * Parameters for a Raft server whose port only peers call (the OM ring): mutual TLS both ways; empty when
     * {@code security} is plaintext.
     */
    public static Optional<Parameters> peersOnly(TransportSecurity security) {
        return security.tls().map(RatisTls::serviceParameters);
    }

    /**
     * Parameters for a Raft server that clients without certificates also write to (a datanode's pipelines): peers
     * connect with mutual TLS, and a caller without a certificate may use the client service only.
     */
    public static Optional<Parameters> peersAndClients(TransportSecurity security) {
        return security.tls().map(material -> {
            Parameters parameters = serviceParameters(material);
            GrpcConfigKeys.Server.setServicesCustomizer(
                    parameters, (builder, types) -> builder.sslContext(optionalClientCertificates(material))
                            .intercept(new PeersNeedCertificates()));
            return parameters;
        });
    }

    /** Parameters for a Raft client: trusts the cluster CA and presents this process's certificate if it has one. */
    public static Optional<Parameters> client(TransportSecurity security) {
        return security.tls().map(material -> {
            Parameters parameters = new Parameters();
            GrpcTlsConfig tls = tlsConfig(material, material.keys().isPresent());
            GrpcConfigKeys.Client.setTlsConf(parameters, tls);
            GrpcConfigKeys.TLS.setConf(parameters, tls);
            return parameters;
        });
    }

    /** The engine for Ratis' shaded Netty: ratis-thirdparty carries its own (shaded) netty-tcnative. */
    static SslProvider engine(TlsMaterial material) {
        return material.provider()
                        .usesOpenSsl("Ratis' shaded Netty", OpenSsl::isAvailable, OpenSsl::unavailabilityCause)
                ? SslProvider.OPENSSL
                : SslProvider.JDK;
    }

    private static GrpcTlsConfig tlsConfig(TlsMaterial material, boolean mutual) {
        return GrpcTlsConfig.newBuilder()
                .setKeyManager(material.keys().orElse(null))
                .setTrustManager(material.trustManager())
                .setMutualTls(mutual)
                .setSslProvider(engine(material))
                .build();
    }

    private static Parameters serviceParameters(TlsMaterial material) {
        if (material.keys().isEmpty()) {
            throw new IllegalStateException("a Ratis server needs a certificate");
        }
        GrpcTlsConfig tls = tlsConfig(material, true);
        Parameters parameters = new Parameters();
        GrpcConfigKeys.Server.setTlsConf(parameters, tls);
        GrpcConfigKeys.Client.setTlsConf(parameters, tls);
        GrpcConfigKeys.Admin.setTlsConf(parameters, tls);
        GrpcConfigKeys.TLS.setConf(parameters, tls);
        return parameters;
    }

    private static org.apache.ratis.thirdparty.io.netty.handler.ssl.SslContext optionalClientCertificates(
            TlsMaterial material) {
        try {
            return GrpcSslContexts.configure(
                            SslContextBuilder.forServer(material.keys().orElseThrow()), engine(material))
                    .trustManager(material.trustManager())
                    .clientAuth(ClientAuth.OPTIONAL)
                    .build();
        } catch (SSLException e) {
            throw new IllegalStateException("cannot set up TLS for Ratis: " + e.getMessage(), e);
        }
    }

    /** Refuses a peer-only Ratis call from a connection without a verified client certificate. */
    private static final class PeersNeedCertificates implements ServerInterceptor {
        @Override
        public <Q, R> ServerCall.Listener<Q> interceptCall(
                ServerCall<Q, R> call, Metadata headers, ServerCallHandler<Q, R> next) {
            if (!CLIENT_SERVICE.equals(call.getMethodDescriptor().getServiceName()) && !hasCertificate(call)) {
                call.close(
                        Status.UNAUTHENTICATED.withDescription(
                                "Ratis peer calls need a certificate issued by the cluster CA"),
                        new Metadata());
                return new ServerCall.Listener<>() {};
            }
            return next.startCall(call, headers);
        }

        private static boolean hasCertificate(ServerCall<?, ?> call) {
            SSLSession session = call.getAttributes().get(Grpc.TRANSPORT_ATTR_SSL_SESSION);
            if (session == null) {
                return false;
            }
            try {
                return session.getPeerCertificates().length > 0;
            } catch (SSLPeerUnverifiedException e) {
                return false;
            }
        }
    }
}
