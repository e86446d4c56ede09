package dev.o3.server.security.tls;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.ByteString;
import dev.o3.common.config.HostAndPort;
import dev.o3.common.echo.EchoService;
import dev.o3.common.grpc.GrpcConfig;
import dev.o3.common.grpc.GrpcExecutor;
import dev.o3.common.grpc.GrpcFactory;
import dev.o3.common.grpc.GrpcServer;
import dev.o3.common.grpc.TransportSecurity;
import dev.o3.common.security.tls.ReloadingKeyManager;
import dev.o3.common.security.tls.TlsMaterial;
import dev.o3.common.security.tls.TlsProvider;
import dev.o3.common.security.tls.TlsTransportSecurity;
import dev.o3.proto.echo.EchoRequest;
import dev.o3.proto.echo.EchoServiceGrpc;
import dev.o3.server.security.ca.CertificateAuthority;
import io.grpc.ManagedChannel;
import io.grpc.ServerInterceptors;
import io.netty.handler.ssl.OpenSslSession;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLSession;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** hdds.grpc.tls.provider on real gRPC sockets: both ends of a mutual-TLS call use the configured engine. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class TestTlsEngineInUse {
    @TempDir
    Path directory;

    @ParameterizedTest
    @EnumSource(TlsProvider.class)
    void bothEndsUseTheConfiguredEngineWithTls13AndAesGcm(TlsProvider engine) {
        CertificateAuthority ca =
                CertificateAuthority.loadOrCreate(directory.resolve("ca"), Duration.ofDays(1), "ca", Clock.systemUTC());
        SessionRecorder serverSide = new SessionRecorder();
        SessionRecorder clientSide = new SessionRecorder();
        try (GrpcServer server = GrpcFactory.server(
                        "tls test",
                        new InetSocketAddress(InetAddress.getLoopbackAddress(), 0),
                        GrpcConfig.defaults()
                                .withSecurity(security(ca, "server", engine).requireClientCertificates()),
                        GrpcExecutor.direct(),
                        ServerInterceptors.intercept(new EchoService().bindService(), serverSide))
                .start()) {
            ManagedChannel channel = GrpcFactory.channel(
                    new HostAndPort("127.0.0.1", server.port()),
                    GrpcConfig.defaults().withSecurity(security(ca, "peer", engine)));
            try {
                EchoServiceGrpc.newBlockingStub(channel)
                        .withInterceptors(clientSide)
                        .withDeadlineAfter(10, TimeUnit.SECONDS)
                        .echo(EchoRequest.newBuilder()
                                .setPayload(ByteString.copyFromUtf8("hello"))
                                .setResponseSize(5)
                                .build());
            } finally {
                GrpcFactory.close(channel);
            }
        }

        for (SSLSession session : List.of(serverSide.session(), clientSide.session())) {
            assertThat(session instanceof OpenSslSession)
                    .as("%s is OpenSSL's", session.getClass().getName())
                    .isEqualTo(engine == TlsProvider.OPENSSL);
            assertThat(session.getProtocol()).isEqualTo("TLSv1.3");
            assertThat(session.getCipherSuite()).startsWith("TLS_AES_").contains("_GCM_");
        }
    }

    private static TransportSecurity security(CertificateAuthority ca, String id, TlsProvider engine) {
        CertificateRequest request = CertificateRequest.create("test", id, Set.of("127.0.0.1", "localhost"));
        ReloadingKeyManager keys =
                new ReloadingKeyManager(request.keys().getPrivate(), ca.sign(request.encoded(), Duration.ofHours(1)));
        return TlsTransportSecurity.of(
                TlsMaterial.service(keys, ca.certificate()).withProvider(engine));
    }
}
