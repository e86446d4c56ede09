package dev.o3.datanode.replication;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.o3.server.security.ca.CertificateAuthority;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** The replication channel with mutual TLS on real sockets: copies between cluster nodes, refuses everyone else. */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class TestReplicationTls {
    private static final long CONTAINER = 9;

    @TempDir
    Path dir;

    @Test
    void copiesAContainerByteForByteBetweenNodesOfTheCluster() throws Exception {
        CertificateAuthority ca = ca("cluster");
        try (StorageNode source = new StorageNode(dir.resolve("source"), tls(ca, ca, "source"));
                StorageNode destination = new StorageNode(dir.resolve("destination"), tls(ca, ca, "destination"))) {
            // Files of several chunks of the TLS sender's reads, and blocks kept in the database.
            source.writeContainer(CONTAINER, 3, 3, 300_000 + 7, 5, 2000);

            assertThat(destination.supervisor().replicate(CONTAINER, List.of(source.details())))
                    .isEqualTo(source.details());

            destination.assertSameContainer(source, CONTAINER);
            assertThat(destination.stagedFiles()).isEmpty();
            assertThat(source.metrics().copies(ReplicationMetrics.OUT)).isEqualTo(1);
        }
    }

    @Test
    void plaintextDestinationIsRefused() throws Exception {
        CertificateAuthority ca = ca("cluster");
        try (StorageNode source = new StorageNode(dir.resolve("source"), tls(ca, ca, "source"));
                StorageNode destination = new StorageNode(dir.resolve("destination"))) {
            source.writeContainer(CONTAINER, 1, 1, 100_000, 1, 100);

            assertThatThrownBy(() -> destination.supervisor().replicate(CONTAINER, List.of(source.details())))
                    .isInstanceOf(ReplicationException.class);
            assertNothingCopied(source, destination);
        }
    }

    @Test
    void destinationWithACertificateOfAnotherCaIsRefused() throws Exception {
        CertificateAuthority ca = ca("cluster");
        CertificateAuthority rogue = ca("rogue");
        try (StorageNode source = new StorageNode(dir.resolve("source"), tls(ca, ca, "source"));
                // Trusts the cluster CA, so only the source's check of its certificate can stop it.
                StorageNode destination = new StorageNode(dir.resolve("destination"), tls(rogue, ca, "intruder"))) {
            source.writeContainer(CONTAINER, 1, 1, 100_000, 1, 100);

            assertThatThrownBy(() -> destination.supervisor().replicate(CONTAINER, List.of(source.details())))
                    .isInstanceOf(ReplicationException.class)
                    .hasMessageContaining("SSL");
            assertNothingCopied(source, destination);
        }
    }

    @Test
    void destinationDoesNotTakeAContainerFromASourceOfAnotherCa() throws Exception {
        CertificateAuthority ca = ca("cluster");
        CertificateAuthority rogue = ca("rogue");
        try (StorageNode source = new StorageNode(dir.resolve("source"), tls(rogue, rogue, "impostor"));
                StorageNode destination = new StorageNode(dir.resolve("destination"), tls(ca, ca, "destination"))) {
            source.writeContainer(CONTAINER, 1, 1, 100_000, 1, 100);

            assertThatThrownBy(() -> destination.supervisor().replicate(CONTAINER, List.of(source.details())))
                    .isInstanceOf(ReplicationException.class)
                    .hasMessageContaining("SSL");
            assertThat(destination.containers().find(CONTAINER)).isEmpty();
            assertThat(destination.stagedFiles()).isEmpty();
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

    private static ReplicationTls tls(CertificateAuthority issuer, CertificateAuthority trusted, String id) {
        return ClusterCertificates.tls(issuer, trusted, id);
    }
}
