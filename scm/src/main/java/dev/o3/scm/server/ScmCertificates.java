package dev.o3.scm.server;

import dev.o3.server.security.ca.BootstrapProof;
import dev.o3.server.security.ca.CertificateAuthority;
import dev.o3.server.security.tls.ServiceCertificate;
import dev.o3.server.security.tls.TlsSettings;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Set;

/**
 * SCM's part in TLS: the cluster CA in {@code <SCM db dir>-ca} (created on the first start with TLS on), SCM's own
 * certificate signed by it directly, and the gRPC service that signs the other services' requests.
 *
 * @param ca the cluster's root CA
 * @param own SCM's own certificate, renewed like any service's
 * @param service the certificate-signing gRPC service
 */
record ScmCertificates(CertificateAuthority ca, ServiceCertificate own, ScmCertificateGrpcService service) {
    /** The CA's directory beside SCM's database directory. */
    static Path caDirectory(Path dbDirectory) {
        return dbDirectory.resolveSibling(dbDirectory.getFileName() + "-ca");
    }

    static ScmCertificates start(Path dbDirectory, TlsSettings settings, Clock clock) {
        Path directory = caDirectory(dbDirectory);
        CertificateAuthority ca = CertificateAuthority.loadOrCreate(directory, settings.caLifetime(), "o3", clock);
        ServiceCertificate own = ServiceCertificate.obtain(
                new ServiceCertificate.Identity("scm", "scm", Set.of(), directory),
                csr -> ca.sign(csr, settings.certificateLifetime()),
                settings,
                clock);
        own.startRenewal();
        return new ScmCertificates(
                ca,
                own,
                new ScmCertificateGrpcService(
                        ca, new BootstrapProof(settings.bootstrapSecret()), settings.certificateLifetime()));
    }
}
