package dev.o3.server.security.tls;

import dev.o3.common.concurrent.Threads;
import dev.o3.common.config.CommonConfigKeys;
import dev.o3.common.config.HostAndPort;
import dev.o3.common.config.OzoneConfiguration;
import dev.o3.common.grpc.GrpcConfig;
import dev.o3.common.grpc.TransportSecurity;
import dev.o3.common.security.tls.Pem;
import dev.o3.common.security.tls.ReloadingKeyManager;
import dev.o3.common.security.tls.TlsMaterial;
import dev.o3.common.security.tls.TlsTransportSecurity;
import dev.o3.server.security.ca.BootstrapProof;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.PrivateKey;
import java.security.cert.X509Certificate;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A service's own certificate and key, kept in {@code <metadata dir>/certs} ({@code service.key} owner-only,
 * {@code service.crt} with the chain, {@code ca.crt}). {@link #obtain} loads them, or, on first start or when they are
 * due for renewal, asks the CA for new ones; {@link #startRenewal} checks every interval and renews inside the
 * renewal window, handing the new certificate to the TLS key manager so servers and channels use it from their next
 * handshake on, without a restart. Thread-safe.
 */
public final class ServiceCertificate implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(ServiceCertificate.class);

    private final String name;
    private final Identity identity;
    private final CertificateSigner signer;
    private final TlsSettings settings;
    private final Clock clock;
    private final ReloadingKeyManager keys;
    private final X509Certificate ca;
    private ScheduledExecutorService renewer;

    private ServiceCertificate(
            Identity identity, CertificateSigner signer, TlsSettings settings, Clock clock, Stored stored) {
        this.name = identity.role() + "-" + identity.id();
        this.identity = identity;
        this.signer = signer;
        this.settings = settings;
        this.clock = clock;
        this.keys = new ReloadingKeyManager(stored.key(), stored.chain());
        this.ca = stored.chain().get(stored.chain().size() - 1);
    }

    /**
     * Who a service is and where it keeps its certificate.
     *
     * @param role {@code om}, {@code dn}, {@code s3g} or {@code scm}
     * @param id the node's id within its role
     * @param hosts names and addresses peers reach it by (in the certificate; localhost and this host's are added)
     * @param directory the service's metadata dir; files go to its {@code certs} subdirectory
     */
    public record Identity(String role, String id, Set<String> hosts, Path directory) {}

    /**
     * This service's certificate: the stored one if still outside the renewal window, else a new one from {@code
     * signer}.
     *
     * @throws CertificateException when no certificate can be had
     */
    public static ServiceCertificate obtain(
            Identity identity, CertificateSigner signer, TlsSettings settings, Clock clock) {
        Path certs = identity.directory().resolve("certs");
        Path keyFile = certs.resolve("service.key");
        Path chainFile = certs.resolve("service.crt");
        if (Files.exists(keyFile) && Files.exists(chainFile)) {
            Stored stored = new Stored(Pem.readPrivateKey(keyFile), Pem.readCertificates(chainFile));
            if (!dueForRenewal(stored.chain().get(0), settings, clock.instant())) {
                LOG.info(
                        "[{}-{}] using certificate {} until {}",
                        identity.role(),
                        identity.id(),
                        stored.chain().get(0).getSerialNumber(),
                        stored.chain().get(0).getNotAfter());
                return new ServiceCertificate(identity, signer, settings, clock, stored);
            }
        }
        Stored stored =
                request(identity.role(), identity.id(), CertificateRequest.localNames(identity.hosts()), certs, signer);
        return new ServiceCertificate(identity, signer, settings, clock, stored);
    }

    /**
     * The certificate of a service in a cluster whose configuration {@code conf} turns TLS on, from SCM's CA at
     * SCM's client address, with its renewal started; empty when TLS is off.
     *
     * @throws CertificateException when no certificate can be had
     * @throws dev.o3.common.config.ConfigException when TLS is on without a bootstrap secret
     */
    public static Optional<ServiceCertificate> forService(OzoneConfiguration conf, Identity identity, Clock clock) {
        Optional<TlsSettings> settings = TlsSettings.from(conf);
        if (settings.isEmpty()) {
            return Optional.empty();
        }
        HostAndPort scm = CommonConfigKeys.scmAddress(
                conf, CommonConfigKeys.SCM_CLIENT_ADDRESS, CommonConfigKeys.SCM_CLIENT_PORT);
        CertificateSigner signer = new ScmCertificateSigner(
                scm,
                GrpcConfig.from(conf),
                new BootstrapProof(settings.get().bootstrapSecret()),
                settings.get().provider());
        ServiceCertificate certificate = obtain(identity, signer, settings.get(), clock);
        certificate.startRenewal();
        return Optional.of(certificate);
    }

    /** TLS for this service's gRPC servers and channels, with this certificate, the cluster CA and the engine. */
    public TransportSecurity transportSecurity() {
        return TlsTransportSecurity.of(TlsMaterial.service(keys, ca).withProvider(settings.provider()));
    }

    /** The key manager presenting this certificate, renewed in place (for HTTPS servers). */
    public ReloadingKeyManager keyManager() {
        return keys;
    }

    /** The certificate presented now. */
    public X509Certificate certificate() {
        return keys.certificate();
    }

    /** The cluster's root CA certificate. */
    public X509Certificate ca() {
        return ca;
    }

    /** Checks every {@link TlsSettings#checkInterval()} and renews inside the renewal window, until closed. */
    public synchronized void startRenewal() {
        if (renewer != null) {
            return;
        }
        renewer = Executors.newSingleThreadScheduledExecutor(Threads.daemonThreadsNamed(name + "-cert-renewer"));
        long period = settings.checkInterval().toMillis();
        // The future is kept by the executor; close() cancels it.
        var unused = renewer.scheduleWithFixedDelay(this::renewQuietly, period, period, TimeUnit.MILLISECONDS);
    }

    /**
     * Renews the certificate if it is inside the renewal window.
     *
     * @return whether it was renewed
     * @throws CertificateException when the CA cannot be reached or refuses
     */
    public boolean renewIfDue() {
        if (!dueForRenewal(keys.certificate(), settings, clock.instant())) {
            return false;
        }
        X509Certificate old = keys.certificate();
        Stored stored = request(
                identity.role(),
                identity.id(),
                CertificateRequest.localNames(identity.hosts()),
                identity.directory().resolve("certs"),
                signer);
        keys.update(stored.key(), stored.chain());
        LOG.info(
                "[{}] renewed certificate {} (until {}) with {} (until {})",
                name,
                old.getSerialNumber(),
                old.getNotAfter(),
                stored.chain().get(0).getSerialNumber(),
                stored.chain().get(0).getNotAfter());
        return true;
    }

    private void renewQuietly() {
        try {
            renewIfDue();
        } catch (RuntimeException e) {
            // Top of the renewal thread: the old certificate stays in use; try again next interval.
            LOG.warn("[{}] certificate renewal failed, trying again in {}", name, settings.checkInterval(), e);
        }
    }

    private static boolean dueForRenewal(X509Certificate certificate, TlsSettings settings, Instant now) {
        return !now.isBefore(certificate.getNotAfter().toInstant().minus(settings.renewGrace()));
    }

    private static Stored request(String role, String id, Set<String> hosts, Path certs, CertificateSigner signer) {
        CertificateRequest request = CertificateRequest.create(role, id, hosts);
        List<X509Certificate> chain = signer.sign(request.encoded());
        PrivateKey key = request.keys().getPrivate();
        Pem.writePrivateKey(certs.resolve("service.key"), key);
        Pem.writeCertificates(certs.resolve("service.crt"), chain);
        Pem.writeCertificates(certs.resolve("ca.crt"), List.of(chain.get(chain.size() - 1)));
        LOG.info(
                "[{}-{}] got certificate {} until {}",
                role,
                id,
                chain.get(0).getSerialNumber(),
                chain.get(0).getNotAfter());
        return new Stored(key, chain);
    }

    @Override
    public synchronized void close() {
        if (renewer != null) {
            renewer.shutdownNow();
            renewer = null;
        }
    }

    private record Stored(PrivateKey key, List<X509Certificate> chain) {}
}
