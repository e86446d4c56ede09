package dev.o3.benchmarks.replication;

import dev.o3.common.security.tls.ReloadingKeyManager;
import dev.o3.common.security.tls.TlsMaterial;
import dev.o3.datanode.replication.ReplicationTls;
import dev.o3.server.security.ca.CertificateAuthority;
import dev.o3.server.security.tls.CertificateRequest;
import java.net.InetAddress;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Set;

/** Mutual TLS as two datanodes of one cluster use it: a fresh cluster CA and one loopback certificate it issued. */
final class ClusterTls {
    private ClusterTls() {}

    /** Creates the CA in {@code directory} and the replication TLS of a datanode on the loopback address. */
    static ReplicationTls create(Path directory) {
        CertificateAuthority ca =
                CertificateAuthority.loadOrCreate(directory, Duration.ofDays(1), "benchmark", Clock.systemUTC());
        CertificateRequest request = CertificateRequest.create(
                "dn", "benchmark", Set.of(InetAddress.getLoopbackAddress().getHostAddress(), "localhost"));
        ReloadingKeyManager keys =
                new ReloadingKeyManager(request.keys().getPrivate(), ca.sign(request.encoded(), Duration.ofHours(1)));
        return ReplicationTls.of(TlsMaterial.service(keys, ca.certificate()));
    }
}
