package dev.o3.server.security.tls;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.protobuf.ByteString;
import dev.o3.common.config.HostAndPort;
import dev.o3.common.config.OzoneConfiguration;
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
import dev.o3.server.http.StatusHttpServer;
import dev.o3.server.security.ca.CertificateAuthority;
import io.grpc.ManagedChannel;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.security.cert.X509Certificate;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.TrustManager;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * GrpcFactory's TLS on real sockets, with either engine: who is let in, and a certificate replaced under a running
 * server.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class TestTlsChannels {
    @TempDir
    Path directory;

    private GrpcServer server;

    @AfterEach
    void stop() {
        if (server != null) {
            server.close();
        }
    }

    @ParameterizedTest
    @EnumSource(TlsProvider.class)
    void optionalPortTakesClientsWithoutCertificateButNotPlaintextOrForeignCertificates(TlsProvider engine) {
        CertificateAuthority ca = ca("cluster");
        ReloadingKeyManager serverKeys = issue(ca, "server");
        start(service(serverKeys, ca, engine));

        assertThat(echo(client(ca, engine))).isEqualTo(Status.Code.OK);
        assertThat(echo(TransportSecurity.PLAINTEXT)).isEqualTo(Status.Code.UNAVAILABLE);
        CertificateAuthority rogue = ca("rogue");
        assertThat(echo(TlsTransportSecurity.of(TlsMaterial.service(issue(rogue, "intruder"), ca.certificate())
                        .withProvider(engine))))
                .isEqualTo(Status.Code.UNAVAILABLE);
        // A client that trusts another CA does not accept the server either.
        assertThat(echo(client(rogue, engine))).isEqualTo(Status.Code.UNAVAILABLE);
    }

    @ParameterizedTest
    @EnumSource(TlsProvider.class)
    void servicePortRequiresACertificateOfTheClusterCa(TlsProvider engine) {
        CertificateAuthority ca = ca("cluster");
        start(service(issue(ca, "server"), ca, engine).requireClientCertificates());

        assertThat(echo(client(ca, engine))).isEqualTo(Status.Code.UNAVAILABLE);
        assertThat(echo(service(issue(ca, "peer"), ca, engine))).isEqualTo(Status.Code.OK);
    }

    @ParameterizedTest
    @EnumSource(TlsProvider.class)
    void renewedCertificateIsServedWithoutRestart(TlsProvider engine) throws Exception {
        CertificateAuthority ca = ca("cluster");
        ReloadingKeyManager keys = issue(ca, "server");
        start(service(keys, ca, engine));
        X509Certificate before = served(ca);

        CertificateRequest request = CertificateRequest.create("test", "renewed", Set.of("127.0.0.1"));
        List<X509Certificate> chain = ca.sign(request.encoded(), Duration.ofHours(1));
        keys.update(request.keys().getPrivate(), chain);

        assertThat(before).isNotEqualTo(chain.get(0));
        assertThat(served(ca)).isEqualTo(chain.get(0));
        assertThat(echo(client(ca, engine))).isEqualTo(Status.Code.OK);
    }

    @Test
    void clientWithTlsOnButNoCaFileFailsWithTheKeyName() {
        GrpcConfig config = GrpcConfig.from(OzoneConfiguration.of(Map.of("hdds.grpc.tls.enabled", "true")));
        assertThatThrownBy(() -> GrpcFactory.channel(new HostAndPort("127.0.0.1", 1), config))
                .hasMessageContaining("hdds.grpc.tls.ca.file");
    }

    @Test
    void statusPageServesHttpsWithTheCertificate() throws Exception {
        CertificateAuthority ca = ca("cluster");
        try (StatusHttpServer status = new StatusHttpServer(
                "test",
                new InetSocketAddress(InetAddress.getLoopbackAddress(), 0),
                new PrometheusRegistry(),
                () -> Map.of("state", "RUNNING"),
                Optional.of(issue(ca, "status")))) {
            status.start();
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(
                    null,
                    new TrustManager[] {TlsMaterial.client(ca.certificate()).trustManager()},
                    null);
            HttpClient client = HttpClient.newBuilder().sslContext(context).build();
            HttpResponse<String> response = client.send(
                    HttpRequest.newBuilder(URI.create("https://127.0.0.1:" + status.port() + "/status"))
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(response.statusCode()).isEqualTo(200);
            assertThat(response.body()).contains("RUNNING");
        }
    }

    private CertificateAuthority ca(String name) {
        return CertificateAuthority.loadOrCreate(directory.resolve(name), Duration.ofDays(1), name, Clock.systemUTC());
    }

    private static ReloadingKeyManager issue(CertificateAuthority ca, String id) {
        CertificateRequest request = CertificateRequest.create("test", id, Set.of("127.0.0.1", "localhost"));
        return new ReloadingKeyManager(request.keys().getPrivate(), ca.sign(request.encoded(), Duration.ofHours(1)));
    }

    private static TransportSecurity service(ReloadingKeyManager keys, CertificateAuthority ca, TlsProvider engine) {
        return TlsTransportSecurity.of(
                TlsMaterial.service(keys, ca.certificate()).withProvider(engine));
    }

    private static TransportSecurity client(CertificateAuthority ca, TlsProvider engine) {
        return TlsTransportSecurity.of(TlsMaterial.client(ca.certificate()).withProvider(engine));
    }

    private void start(TransportSecurity security) {
        server = GrpcFactory.server(
                        "tls test",
                        new InetSocketAddress(InetAddress.getLoopbackAddress(), 0),
                        GrpcConfig.defaults().withSecurity(security),
                        GrpcExecutor.direct(),
                        new EchoService().bindService())
                .start();
    }

    private Status.Code echo(TransportSecurity security) {
        ManagedChannel channel = GrpcFactory.channel(
                new HostAndPort("127.0.0.1", server.port()),
                GrpcConfig.defaults().withSecurity(security));
        try {
            EchoServiceGrpc.newBlockingStub(channel)
                    .withDeadlineAfter(10, TimeUnit.SECONDS)
                    .echo(EchoRequest.newBuilder()
                            .setPayload(ByteString.copyFromUtf8("hello"))
                            .setResponseSize(5)
                            .build());
            return Status.Code.OK;
        } catch (StatusRuntimeException e) {
            return e.getStatus().getCode();
        } finally {
            GrpcFactory.close(channel);
        }
    }

    private X509Certificate served(CertificateAuthority ca) throws Exception {
        SSLContext context = SSLContext.getInstance("TLS");
        context.init(
                null, new TrustManager[] {TlsMaterial.client(ca.certificate()).trustManager()}, null);
        try (SSLSocket socket = (SSLSocket) context.getSocketFactory().createSocket("127.0.0.1", server.port())) {
            socket.startHandshake();
            return (X509Certificate) socket.getSession().getPeerCertificates()[0];
        }
    }
}
