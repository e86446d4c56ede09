package dev.o3.server.security.tls;

import static org.assertj.core.api.Assertions.assertThat;

import dev.o3.common.security.tls.TlsProvider;
import dev.o3.server.security.ca.CertificateAuthority;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TestServiceCertificate {
    private static final TlsSettings SETTINGS = new TlsSettings(
            "secret",
            Duration.ofHours(10),
            Duration.ofHours(2),
            Duration.ofMinutes(1),
            Duration.ofDays(30),
            TlsProvider.OPENSSL);

    @TempDir
    Path directory;

    @Test
    void isRequestedOnFirstStartAndLoadedOnTheNext() {
        CertificateAuthority ca = CertificateAuthority.loadOrCreate(
                directory.resolve("ca"), Duration.ofDays(30), "o3", Clock.systemUTC());
        AtomicInteger requests = new AtomicInteger();
        CertificateSigner signer = csr -> {
            requests.incrementAndGet();
            return ca.sign(csr, SETTINGS.certificateLifetime());
        };
        ServiceCertificate.Identity identity =
                new ServiceCertificate.Identity("om", "om1", Set.of("127.0.0.1"), directory.resolve("om"));

        ServiceCertificate first = ServiceCertificate.obtain(identity, signer, SETTINGS, Clock.systemUTC());
        ServiceCertificate second = ServiceCertificate.obtain(identity, signer, SETTINGS, Clock.systemUTC());

        assertThat(requests).hasValue(1);
        assertThat(second.certificate()).isEqualTo(first.certificate());
        assertThat(second.ca()).isEqualTo(ca.certificate());
        assertThat(Files.exists(directory.resolve("om/certs/service.key"))).isTrue();
        assertThat(Files.exists(directory.resolve("om/certs/ca.crt"))).isTrue();
    }

    @Test
    void isRenewedInsideTheGraceWindowOnly() {
        CertificateAuthority ca = CertificateAuthority.loadOrCreate(
                directory.resolve("ca"), Duration.ofDays(30), "o3", Clock.systemUTC());
        MutableClock clock = new MutableClock(Instant.now());
        ServiceCertificate certificate = ServiceCertificate.obtain(
                new ServiceCertificate.Identity("dn", "dn1", Set.of("127.0.0.1"), directory.resolve("dn")),
                csr -> ca.sign(csr, SETTINGS.certificateLifetime()),
                SETTINGS,
                clock);
        var original = certificate.certificate();

        clock.now = original.getNotAfter().toInstant().minus(Duration.ofHours(3));
        assertThat(certificate.renewIfDue()).isFalse();
        clock.now = original.getNotAfter().toInstant().minus(Duration.ofHours(1));
        assertThat(certificate.renewIfDue()).isTrue();

        assertThat(certificate.certificate()).isNotEqualTo(original);
        assertThat(certificate.keyManager().certificate()).isEqualTo(certificate.certificate());
    }

    private static final class MutableClock extends Clock {
        private Instant now;

        MutableClock(Instant now) {
            this.now = now;
        }

        @Override
        public ZoneOffset getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(java.time.ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return now;
        }
    }
}
