package dev.o3.server.security.tls;

import com.google.protobuf.ByteString;
import dev.o3.common.config.HostAndPort;
import dev.o3.common.grpc.GrpcConfig;
import dev.o3.common.grpc.GrpcFactory;
import dev.o3.common.grpc.TransportSecurity;
import dev.o3.common.security.tls.Pem;
import dev.o3.common.security.tls.TlsProvider;
import dev.o3.proto.security.ScmCertificateServiceGrpc;
import dev.o3.proto.security.SignCertificateRequest;
import dev.o3.proto.security.SignCertificateResponse;
import dev.o3.server.security.ca.BootstrapProof;
import io.grpc.ManagedChannel;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.netty.GrpcSslContexts;
import io.grpc.netty.NettyChannelBuilder;
import io.grpc.netty.NettyServerBuilder;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.handler.ssl.util.InsecureTrustManagerFactory;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import javax.net.ssl.SSLException;

/**
 * Asks SCM's CA ({@code ScmCertificateService} on SCM's client port) to sign a request. A service has no CA to check
 * SCM's TLS certificate with yet, so the channel is encrypted but unauthenticated; the CA's answer is trusted only if
 * its {@link BootstrapProof} over the request and chain is right, which only a holder of the bootstrap secret can
 * make. Each call opens and closes its own channel (it runs once per certificate lifetime).
 */
public final class ScmCertificateSigner implements CertificateSigner {
    private static final Duration DEADLINE = Duration.ofSeconds(30);
    private static final long UNREACHABLE_SECONDS = 120;
    private static final Duration RETRY_INTERVAL = Duration.ofSeconds(1);

    private final HostAndPort scm;
    private final GrpcConfig grpc;
    private final BootstrapProof proof;

    /**
     * A signer asking SCM at {@code scm}, with the gRPC settings {@code grpc} (its security is replaced by TLS with
     * {@code engine} that accepts any server certificate).
     */
    public ScmCertificateSigner(HostAndPort scm, GrpcConfig grpc, BootstrapProof proof, TlsProvider engine) {
        this.scm = scm;
        this.grpc = grpc.withSecurity(new UnverifiedServer(engine));
        this.proof = proof;
    }

    /**
     * {@inheritDoc} Retries while SCM is unreachable, for up to {@value #UNREACHABLE_SECONDS} seconds: services of a
     * cluster start in any order.
     */
    @Override
    public List<X509Certificate> sign(byte[] csr) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(UNREACHABLE_SECONDS);
        while (true) {
            try {
                return signOnce(csr);
            } catch (CertificateException e) {
                if (!(e.getCause() instanceof StatusRuntimeException status)
                        || status.getStatus().getCode() != Status.Code.UNAVAILABLE
                        || System.nanoTime() > deadline) {
                    throw e;
                }
                LockSupport.parkNanos(RETRY_INTERVAL.toNanos());
                if (Thread.currentThread().isInterrupted()) {
                    throw new CertificateException("interrupted while waiting for SCM at " + scm, e);
                }
            }
        }
    }

    private List<X509Certificate> signOnce(byte[] csr) {
        ManagedChannel channel = GrpcFactory.channel(scm, grpc);
        try {
            SignCertificateResponse response = ScmCertificateServiceGrpc.newBlockingStub(channel)
                    .withDeadlineAfter(DEADLINE.toMillis(), TimeUnit.MILLISECONDS)
                    .signCertificate(SignCertificateRequest.newBuilder()
                            .setCsr(ByteString.copyFrom(csr))
                            .setProof(ByteString.copyFrom(proof.forRequest(csr)))
                            .build());
            List<X509Certificate> chain = new ArrayList<>();
            for (ByteString certificate : response.getCertificatesList()) {
                chain.add(Pem.parseCertificates(certificate.toByteArray()).get(0));
            }
            if (chain.size() < 2) {
                throw new CertificateException("SCM at " + scm + " answered without a certificate chain");
            }
            if (!BootstrapProof.matches(
                    proof.forChain(csr, chain), response.getProof().toByteArray())) {
                throw new CertificateException("the certificate from " + scm + " does not carry a proof of the "
                        + "bootstrap secret: SCM has a different hdds.security.bootstrap.secret, or is not SCM");
            }
            return chain;
        } catch (StatusRuntimeException e) {
            throw new CertificateException(
                    "SCM at " + scm + " did not sign the certificate request: "
                            + e.getStatus().getCode() + " " + e.getStatus().getDescription(),
                    e);
        } catch (IllegalArgumentException e) {
            throw new CertificateException("SCM at " + scm + " answered with a malformed certificate", e);
        } finally {
            GrpcFactory.close(channel);
        }
    }

    /** TLS that accepts any server certificate: only for this call, whose answer is authenticated by its proof. */
    private record UnverifiedServer(TlsProvider engine) implements TransportSecurity {
        @Override
        public void apply(NettyChannelBuilder channel) {
            try {
                channel.sslContext(GrpcSslContexts.configure(SslContextBuilder.forClient(), engine.netty())
                        .trustManager(InsecureTrustManagerFactory.INSTANCE)
                        .build());
            } catch (SSLException e) {
                throw new IllegalStateException("cannot set up TLS: " + e.getMessage(), e);
            }
        }

        @Override
        public void apply(NettyServerBuilder server) {
            throw new UnsupportedOperationException("for channels only");
        }
    }
}
