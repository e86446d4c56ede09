package dev.o3.datanode.replication;

import dev.o3.common.security.tls.ReloadingKeyManager;
import dev.o3.common.security.tls.TlsMaterial;
import dev.o3.common.security.tls.TlsProvider;
import dev.o3.server.security.ca.CertificateAuthority;
import dev.o3.server.security.tls.CertificateRequest;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Set;

/** Certificate authorities and the replication TLS of test datanodes on 127.0.0.1. */
final class ClusterCertificates {
    private ClusterCertificates() {}

    /** A root CA named {@code name}, kept under {@code dir}. */
    static CertificateAuthority ca(Path dir, String name) {
        return CertificateAuthority.loadOrCreate(dir.resolve(name), Duration.ofDays(1), name, Clock.systemUTC());
    }

    /** A node's TLS: a certificate {@code issuer} signed for 127.0.0.1, trusting {@code trusted}. */
    static ReplicationTls tls(CertificateAuthority issuer, CertificateAuthority trusted, String id) {
        return tls(issuer, trusted, id, TlsProvider.OPENSSL);
    }

    /** A node's TLS with the engine {@code engine}. */
    static ReplicationTls tls(
            CertificateAuthority issuer, CertificateAuthority trusted, String id, TlsProvider engine) {
        CertificateRequest request = CertificateRequest.create("dn", id, Set.of("127.0.0.1", "localhost"));
        ReloadingKeyManager keys = new ReloadingKeyManager(
                request.keys().getPrivate(), issuer.sign(request.encoded(), Duration.ofHours(1)));
        return ReplicationTls.of(
                TlsMaterial.service(keys, trusted.certificate()).withProvider(engine));
    }
}
