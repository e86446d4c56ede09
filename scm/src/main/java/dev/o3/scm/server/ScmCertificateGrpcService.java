package dev.o3.scm.server;

import com.google.protobuf.ByteString;
import dev.o3.proto.security.ScmCertificateServiceGrpc;
import dev.o3.proto.security.SignCertificateRequest;
import dev.o3.proto.security.SignCertificateResponse;
import dev.o3.server.security.ca.BootstrapProof;
import dev.o3.server.security.ca.CertificateAuthority;
import io.grpc.Status;
import io.grpc.stub.StreamObserver;
import java.security.cert.CertificateEncodingException;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * SCM's CA over gRPC: signs a service's certificate request that proves the bootstrap secret, and proves it back
 * (proto/security.proto). A request without the right proof gets PERMISSION_DENIED and no certificate.
 */
final class ScmCertificateGrpcService extends ScmCertificateServiceGrpc.ScmCertificateServiceImplBase {
    private static final Logger LOG = LoggerFactory.getLogger(ScmCertificateGrpcService.class);

    private final CertificateAuthority ca;
    private final BootstrapProof proof;
    private final Duration lifetime;

    ScmCertificateGrpcService(CertificateAuthority ca, BootstrapProof proof, Duration lifetime) {
        this.ca = ca;
        this.proof = proof;
        this.lifetime = lifetime;
    }

    @Override
    public void signCertificate(SignCertificateRequest request, StreamObserver<SignCertificateResponse> response) {
        byte[] csr = request.getCsr().toByteArray();
        if (!BootstrapProof.matches(proof.forRequest(csr), request.getProof().toByteArray())) {
            LOG.warn("[scm] refused a certificate request without a valid bootstrap-secret proof");
            response.onError(Status.PERMISSION_DENIED
                    .withDescription("the request does not prove the cluster's bootstrap secret "
                            + "(hdds.security.bootstrap.secret)")
                    .asRuntimeException());
            return;
        }
        List<X509Certificate> chain;
        try {
            chain = ca.sign(csr, lifetime);
        } catch (IllegalArgumentException e) {
            response.onError(
                    Status.INVALID_ARGUMENT.withDescription(e.getMessage()).asRuntimeException());
            return;
        }
        SignCertificateResponse.Builder answer =
                SignCertificateResponse.newBuilder().setProof(ByteString.copyFrom(proof.forChain(csr, chain)));
        try {
            for (X509Certificate certificate : chain) {
                answer.addCertificates(ByteString.copyFrom(certificate.getEncoded()));
            }
        } catch (CertificateEncodingException e) {
            response.onError(Status.INTERNAL.withDescription(e.getMessage()).asRuntimeException());
            return;
        }
        response.onNext(answer.build());
        response.onCompleted();
    }
}
