package dev.o3.server.security.tls;

import dev.o3.common.config.ConfigException;
import dev.o3.common.config.OzoneConfiguration;
import dev.o3.common.security.tls.Pem;
import dev.o3.common.security.tls.ReloadingKeyManager;
import dev.o3.common.security.tls.TlsConfigKeys;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;
import javax.net.ssl.X509ExtendedKeyManager;

/** The certificate a process's HTTP servers (status pages, the S3 port) present, when they serve HTTPS at all. */
public final class HttpsCertificate {
    private HttpsCertificate() {}

    /**
     * The key manager for HTTPS under {@link TlsConfigKeys#HTTP_POLICY}: empty for HTTP_ONLY; for HTTPS_ONLY the
     * configured certificate files, else {@code service}'s CA-issued certificate.
     *
     * @throws ConfigException for an unknown policy, or HTTPS_ONLY with neither files nor a service certificate
     */
    public static Optional<X509ExtendedKeyManager> forHttp(
            OzoneConfiguration conf, Optional<ServiceCertificate> service) {
        String policy = conf.get(TlsConfigKeys.HTTP_POLICY).trim().toUpperCase(Locale.ROOT);
        if (policy.equals("HTTP_ONLY")) {
            return Optional.empty();
        }
        if (!policy.equals("HTTPS_ONLY")) {
            throw new ConfigException(TlsConfigKeys.HTTP_POLICY.name() + " must be HTTP_ONLY or HTTPS_ONLY: " + policy);
        }
        Optional<Path> certificate = conf.find(TlsConfigKeys.HTTPS_CERTIFICATE_FILE);
        Optional<Path> key = conf.find(TlsConfigKeys.HTTPS_KEY_FILE);
        if (certificate.isPresent() != key.isPresent()) {
            throw new ConfigException("set both " + TlsConfigKeys.HTTPS_CERTIFICATE_FILE.name() + " and "
                    + TlsConfigKeys.HTTPS_KEY_FILE.name() + ", or neither");
        }
        if (certificate.isPresent()) {
            return Optional.of(
                    new ReloadingKeyManager(Pem.readPrivateKey(key.get()), Pem.readCertificates(certificate.get())));
        }
        return Optional.of(service.map(ServiceCertificate::keyManager)
                .orElseThrow(() -> new ConfigException(TlsConfigKeys.HTTP_POLICY.name() + " is HTTPS_ONLY but there "
                        + "is no certificate: set " + TlsConfigKeys.HTTPS_CERTIFICATE_FILE.name() + " and "
                        + TlsConfigKeys.HTTPS_KEY_FILE.name() + ", or " + TlsConfigKeys.TLS_ENABLED.name()
                        + " for one from the cluster CA")));
    }
}
