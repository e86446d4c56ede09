package dev.o3.datanode.server;

import dev.o3.common.config.OzoneConfiguration;
import dev.o3.common.grpc.GrpcConfig;
import dev.o3.datanode.ratis.RatisServer;
import dev.o3.datanode.replication.ReplicationService;
import dev.o3.datanode.replication.ReplicationTls;
import dev.o3.server.security.tls.HttpsCertificate;
import dev.o3.server.security.tls.ServiceCertificate;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Arrays;
import java.util.Optional;
import java.util.Set;
import javax.net.ssl.X509ExtendedKeyManager;

/**
 * A datanode's certificate (from SCM's CA when TLS is on) and what its servers make of it.
 *
 * @param certificate the certificate, renewed while the datanode runs; empty without TLS
 * @param https the key manager of the status page when it serves HTTPS
 */
record DatanodeTls(Optional<ServiceCertificate> certificate, Optional<X509ExtendedKeyManager> https) {
    /** Gets or loads the certificate of datanode {@code uuid}, reachable at {@code hosts}, kept in {@code dir}. */
    static DatanodeTls start(OzoneConfiguration conf, String uuid, Path dir, Clock clock, String... hosts) {
        Optional<ServiceCertificate> certificate = ServiceCertificate.forService(
                conf, new ServiceCertificate.Identity("dn", uuid, Set.copyOf(Arrays.asList(hosts)), dir), clock);
        return new DatanodeTls(certificate, HttpsCertificate.forHttp(conf, certificate));
    }

    /** The Ratis server's address, protected as {@code grpc} (from {@link #grpc}) protects the other ports. */
    RatisServer.Endpoint ratisEndpoint(Optional<String> host, int port, GrpcConfig grpc) {
        return new RatisServer.Endpoint(host, port, grpc.security());
    }

    /** The replication service's address, protected as {@code grpc} (from {@link #grpc}) protects the other ports. */
    ReplicationService.Endpoint replicationEndpoint(InetSocketAddress address, GrpcConfig grpc) {
        return new ReplicationService.Endpoint(address, ReplicationTls.of(grpc.security()));
    }

    /** {@code plain} with this datanode's certificate, for all its gRPC and Ratis channels. */
    GrpcConfig grpc(GrpcConfig plain) {
        return certificate
                .map(own -> plain.withSecurity(own.transportSecurity()))
                .orElse(plain);
    }
}
