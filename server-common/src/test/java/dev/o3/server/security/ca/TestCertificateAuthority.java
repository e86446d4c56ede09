package dev.o3.server.security.ca;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.o3.server.security.tls.CertificateRequest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.cert.X509Certificate;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TestCertificateAuthority {
    @TempDir
    Path directory;

    @Test
    void isCreatedOnceAndLoadedAfterwards() throws Exception {
        CertificateAuthority created =
                CertificateAuthority.loadOrCreate(directory, Duration.ofDays(10), "o3", Clock.systemUTC());
        CertificateAuthority loaded =
                CertificateAuthority.loadOrCreate(directory, Duration.ofDays(10), "o3", Clock.systemUTC());

        assertThat(loaded.certificate()).isEqualTo(created.certificate());
        assertThat(created.certificate().getBasicConstraints()).isGreaterThanOrEqualTo(0);
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(directory.resolve("ca.key"))))
                .isEqualTo("rw-------");
    }

    @Test
    void signsARequestForTlsWithItsNamesAndNotBeyondItsOwnExpiry() throws Exception {
        CertificateAuthority ca =
                CertificateAuthority.loadOrCreate(directory, Duration.ofDays(10), "o3", Clock.systemUTC());
        CertificateRequest request = CertificateRequest.create("om", "om1", Set.of("om1.example", "10.1.2.3"));

        List<X509Certificate> chain = ca.sign(request.encoded(), Duration.ofDays(365));

        X509Certificate issued = chain.get(0);
        issued.verify(ca.certificate().getPublicKey());
        assertThat(chain.get(1)).isEqualTo(ca.certificate());
        assertThat(issued.getPublicKey()).isEqualTo(request.keys().getPublic());
        assertThat(issued.getSubjectX500Principal().getName()).contains("CN=om-om1", "OU=om");
        assertThat(issued.getSubjectAlternativeNames().stream()
                        .map(name -> String.valueOf(name.get(1)))
                        .toList())
                .containsExactlyInAnyOrder("om1.example", "10.1.2.3");
        assertThat(issued.getExtendedKeyUsage()).contains("1.3.6.1.5.5.7.3.1", "1.3.6.1.5.5.7.3.2");
        assertThat(issued.getBasicConstraints()).isEqualTo(-1);
        assertThat(issued.getNotAfter()).isEqualTo(ca.certificate().getNotAfter());
    }

    @Test
    void refusesMalformedAndForgedRequests() {
        CertificateAuthority ca =
                CertificateAuthority.loadOrCreate(directory, Duration.ofDays(10), "o3", Clock.systemUTC());
        assertThatThrownBy(() -> ca.sign(new byte[] {1, 2, 3}, Duration.ofDays(1)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("PKCS#10");
        byte[] tampered =
                CertificateRequest.create("dn", "x", Set.of("localhost")).encoded();
        tampered[tampered.length - 5] ^= 0x55;
        assertThatThrownBy(() -> ca.sign(tampered, Duration.ofDays(1))).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void proofsDependOnSecretAndContent() {
        byte[] csr = {1, 2, 3};
        BootstrapProof proof = new BootstrapProof("secret");
        assertThat(BootstrapProof.matches(proof.forRequest(csr), new BootstrapProof("secret").forRequest(csr)))
                .isTrue();
        assertThat(BootstrapProof.matches(proof.forRequest(csr), new BootstrapProof("other").forRequest(csr)))
                .isFalse();
        assertThat(BootstrapProof.matches(proof.forRequest(csr), proof.forRequest(new byte[] {1, 2, 4})))
                .isFalse();
        assertThat(BootstrapProof.matches(proof.forRequest(csr), proof.forChain(csr, List.of())))
                .isFalse();
        assertThatThrownBy(() -> new BootstrapProof(" ")).isInstanceOf(IllegalArgumentException.class);
    }
}
