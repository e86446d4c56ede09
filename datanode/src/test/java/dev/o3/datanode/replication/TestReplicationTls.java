package dev.o3.datanode.replication;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.o3.common.security.tls.TlsProvider;
import dev.o3.server.security.ca.CertificateAuthority;
import io.netty.buffer.ByteBufAllocator;
import io.netty.handler.ssl.ReferenceCountedOpenSslEngine;
import io.netty.util.ReferenceCountUtil;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLEngine;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The replication channel with mutual TLS on real sockets, with either engine: copies between cluster nodes, refuses
 * everyone else.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class TestReplicationTls {
    private static final long CONTAINER = 9;

    @TempDir
    Path dir;

    @ParameterizedTest
    @EnumSource(TlsProvider.class)
    void copiesAContainerByteForByteBetweenNodesOfTheCluster(TlsProvider engine) throws Exception {
        CertificateAuthority ca = ca("cluster");
        try (StorageNode source = new StorageNode(dir.resolve("source"), tls(ca, ca, "source", engine));
                StorageNode destination =
                        new StorageNode(dir.resolve("destination"), tls(ca, ca, "destination", engine))) {
            // Files of several chunks of the TLS sender's reads, and blocks kept in the database.
            source.writeContainer(CONTAINER, 3, 3, 300_000 + 7, 5, 2000);

            assertThat(destination.supervisor().replicate(CONTAINER, List.of(source.details())))
                    .isEqualTo(source.details());

            destination.assertSameContainer(source, CONTAINER);
            assertThat(destination.stagedFiles()).isEmpty();
            source.awaitCopiesServed(1);
            assertThat(source.metrics().copies(ReplicationMetrics.OUT)).isEqualTo(1);
        }
    }

    @ParameterizedTest
    @EnumSource(TlsProvider.class)
    void plaintextDestinationIsRefused(TlsProvider engine) throws Exception {
        CertificateAuthority ca = ca("cluster");
        try (StorageNode source = new StorageNode(dir.resolve("source"), tls(ca, ca, "source", engine));
                StorageNode destination = new StorageNode(dir.resolve("destination"))) {
            source.writeContainer(CONTAINER, 1, 1, 100_000, 1, 100);

            assertThatThrownBy(() -> destination.supervisor().replicate(CONTAINER, List.of(source.details())))
                    .isInstanceOf(ReplicationException.class);
            assertNothingCopied(source, destination);
        }
    }

    @ParameterizedTest
    @EnumSource(TlsProvider.class)
    void destinationWithACertificateOfAnotherCaIsRefused(TlsProvider engine) throws Exception {
        CertificateAuthority ca = ca("cluster");
        CertificateAuthority rogue = ca("rogue");
        try (StorageNode source = new StorageNode(dir.resolve("source"), tls(ca, ca, "source", engine));
                // Trusts the cluster CA, so only the source's check of its certificate can stop it.
                StorageNode destination =
                        new StorageNode(dir.resolve("destination"), tls(rogue, ca, "intruder", engine))) {
            source.writeContainer(CONTAINER, 1, 1, 100_000, 1, 100);

            assertThatThrownBy(() -> destination.supervisor().replicate(CONTAINER, List.of(source.details())))
                    .isInstanceOf(ReplicationException.class)
                    .hasMessageContaining("SSL");
            assertNothingCopied(source, destination);
        }
    }

    @ParameterizedTest
    @EnumSource(TlsProvider.class)
    void destinationDoesNotTakeAContainerFromASourceOfAnotherCa(TlsProvider engine) throws Exception {
        CertificateAuthority ca = ca("cluster");
        CertificateAuthority rogue = ca("rogue");
        try (StorageNode source = new StorageNode(dir.resolve("source"), tls(rogue, rogue, "impostor", engine));
                StorageNode destination =
                        new StorageNode(dir.resolve("destination"), tls(ca, ca, "destination", engine))) {
            source.writeContainer(CONTAINER, 1, 1, 100_000, 1, 100);

            assertThatThrownBy(() -> destination.supervisor().replicate(CONTAINER, List.of(source.details())))
                    .isInstanceOf(ReplicationException.class)
                    .hasMessageContaining("SSL");
            assertThat(destination.containers().find(CONTAINER)).isEmpty();
            assertThat(destination.stagedFiles()).isEmpty();
        }
    }

    @ParameterizedTest
    @EnumSource(TlsProvider.class)
    void bothEndsUseTheConfiguredEngine(TlsProvider engine) {
        CertificateAuthority ca = ca("cluster");
        ReplicationTls tls = tls(ca, ca, "node", engine);
        SSLEngine server =
                tls.serverHandler(ByteBufAllocator.DEFAULT).orElseThrow().engine();
        SSLEngine client = tls.clientHandler(
                        ByteBufAllocator.DEFAULT, InetSocketAddress.createUnresolved("127.0.0.1", 9886))
                .orElseThrow()
                .engine();
        try {
            for (SSLEngine side : List.of(server, client)) {
                assertThat(side instanceof ReferenceCountedOpenSslEngine)
                        .as("%s is OpenSSL's", side.getClass().getName())
                        .isEqualTo(engine == TlsProvider.OPENSSL);
            }
            assertThat(server.getNeedClientAuth()).isTrue();
            assertThat(client.getSSLParameters().getEndpointIdentificationAlgorithm())
                    .isEqualTo("HTTPS");
        } finally {
            ReferenceCountUtil.release(server);
            ReferenceCountUtil.release(client);
        }
    }

    private static void assertNothingCopied(StorageNode source, StorageNode destination) throws Exception {
        assertThat(destination.containers().find(CONTAINER)).isEmpty();
        assertThat(destination.stagedFiles()).isEmpty();
        assertThat(source.metrics().copies(ReplicationMetrics.OUT)).isZero();
    }

    private CertificateAuthority ca(String name) {
        return ClusterCertificates.ca(dir, name);
    }

    private static ReplicationTls tls(
            CertificateAuthority issuer, CertificateAuthority trusted, String id, TlsProvider engine) {
        return ClusterCertificates.tls(issuer, trusted, id, engine);
    }
}
