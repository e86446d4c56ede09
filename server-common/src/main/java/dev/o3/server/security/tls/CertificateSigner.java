package dev.o3.server.security.tls;

import java.security.cert.X509Certificate;
import java.util.List;

/** Who signs a service's certificate request: SCM's CA over gRPC, or, inside SCM, the CA itself. */
@FunctionalInterface
public interface CertificateSigner {
    /**
     * Signs {@code csr} (PKCS#10, DER).
     *
     * @return the issued certificate first, the root CA last, already checked to come from the cluster's CA
     * @throws CertificateException when the request is refused or the answer cannot be trusted
     */
    List<X509Certificate> sign(byte[] csr);
}
