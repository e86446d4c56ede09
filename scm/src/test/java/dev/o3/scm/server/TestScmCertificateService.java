package dev.o3.scm.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.protobuf.ByteString;
import dev.o3.common.config.HostAndPort;
import dev.o3.common.grpc.GrpcConfig;
import dev.o3.common.grpc.GrpcExecutor;
import dev.o3.common.grpc.GrpcFactory;
import dev.o3.common.grpc.GrpcServer;
import dev.o3.common.security.tls.ReloadingKeyManager;
import dev.o3.common.security.tls.TlsMaterial;
import dev.o3.common.security.tls.TlsProvider;
import dev.o3.common.security.tls.TlsTransportSecurity;
import dev.o3.proto.security.ScmCertificateServiceGrpc;
import dev.o3.proto.security.SignCertificateRequest;
import dev.o3.proto.security.SignCertificateResponse;
import dev.o3.server.security.ca.BootstrapProof;
import dev.o3.server.security.ca.CertificateAuthority;
import dev.o3.server.security.tls.CertificateException;
import dev.o3.server.security.tls.CertificateRequest;
import dev.o3.server.security.tls.ScmCertificateSigner;
import io.grpc.BindableService;
import io.grpc.stub.StreamObserver;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.security.cert.CertificateEncodingException;
import java.security.cert.X509Certificate;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** The certificate service over real gRPC: who gets a certificate, and whose answer a service believes. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class TestScmCertificateService {
    @TempDir
    Path directory;

    private GrpcServer server;

    @AfterEach
    void stop() {
        if (server != null) {
            server.close();
        }
    }

    @Test
    void signsForTheRightSecretAndProvesItBack() throws Exception {
        CertificateAuthority ca = ca();
        start(new ScmCertificateGrpcService(ca, new BootstrapProof("cluster secret"), Duration.ofHours(1)));

        List<X509Certificate> chain = signer("cluster secret").sign(request());

        assertThat(chain).hasSize(2).last().isEqualTo(ca.certificate());
        chain.get(0).verify(ca.certificate().getPublicKey());
    }

    @Test
    void refusesAWrongSecret() {
        start(new ScmCertificateGrpcService(ca(), new BootstrapProof("cluster secret"), Duration.ofHours(1)));

        assertThatThrownBy(() -> signer("guessed").sign(request()))
                .isInstanceOf(CertificateException.class)
                .hasMessageContaining("PERMISSION_DENIED")
                .hasMessageContaining("hdds.security.bootstrap.secret");
    }

    @Test
    void refusesGarbageAsACertificateRequest() {
        start(new ScmCertificateGrpcService(ca(), new BootstrapProof("cluster secret"), Duration.ofHours(1)));

        assertThatThrownBy(() -> signer("cluster secret").sign(new byte[] {1, 2, 3}))
                .isInstanceOf(CertificateException.class)
                .hasMessageContaining("INVALID_ARGUMENT");
    }

    @Test
    void aCertificateFromAnImpostorWithoutTheSecretIsNotBelieved() {
        CertificateAuthority impostor = ca();
        BootstrapProof impostorProof = new BootstrapProof("impostor's secret");
        start(new ScmCertificateServiceGrpc.ScmCertificateServiceImplBase() {
            @Override
            public void signCertificate(
                    SignCertificateRequest request, StreamObserver<SignCertificateResponse> response) {
                byte[] csr = request.getCsr().toByteArray();
                List<X509Certificate> chain = impostor.sign(csr, Duration.ofHours(1));
                SignCertificateResponse.Builder answer = SignCertificateResponse.newBuilder()
                        .setProof(ByteString.copyFrom(impostorProof.forChain(csr, chain)));
                for (X509Certificate certificate : chain) {
                    try {
                        answer.addCertificates(ByteString.copyFrom(certificate.getEncoded()));
                    } catch (CertificateEncodingException e) {
                        throw new IllegalStateException(e);
                    }
                }
                response.onNext(answer.build());
                response.onCompleted();
            }
        });

        assertThatThrownBy(() -> signer("cluster secret").sign(request()))
                .isInstanceOf(CertificateException.class)
                .hasMessageContaining("does not carry a proof of the bootstrap secret");
    }

    private CertificateAuthority ca() {
        return CertificateAuthority.loadOrCreate(
                directory.resolve("ca-" + System.nanoTime()), Duration.ofDays(1), "o3", Clock.systemUTC());
    }

    private static byte[] request() {
        return CertificateRequest.create("dn", "dn1", Set.of("127.0.0.1")).encoded();
    }

    /** Serves {@code service} over TLS, as SCM's client port does when TLS is on. */
    private void start(BindableService service) {
        CertificateAuthority scm = ca();
        CertificateRequest own = CertificateRequest.create("scm", "scm", Set.of("127.0.0.1"));
        ReloadingKeyManager keys =
                new ReloadingKeyManager(own.keys().getPrivate(), scm.sign(own.encoded(), Duration.ofHours(1)));
        server = GrpcFactory.server(
                        "certificate test",
                        new InetSocketAddress(InetAddress.getLoopbackAddress(), 0),
                        GrpcConfig.defaults()
                                .withSecurity(TlsTransportSecurity.of(TlsMaterial.service(keys, scm.certificate()))),
                        GrpcExecutor.direct(),
                        service.bindService())
                .start();
    }

    private ScmCertificateSigner signer(String secret) {
        return new ScmCertificateSigner(
                new HostAndPort("127.0.0.1", server.port()),
                GrpcConfig.defaults(),
                new BootstrapProof(secret),
                TlsProvider.OPENSSL);
    }
}
