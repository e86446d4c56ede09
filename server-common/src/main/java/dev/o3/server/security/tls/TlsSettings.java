package dev.o3.server.security.tls;

import dev.o3.common.config.ConfigException;
import dev.o3.common.config.OzoneConfiguration;
import dev.o3.common.security.tls.TlsConfigKeys;
import dev.o3.common.security.tls.TlsProvider;
import java.time.Duration;
import java.util.Optional;

/**
 * A service's TLS settings, checked once: the bootstrap secret, the certificate lifetimes and the TLS engine.
 *
 * @param bootstrapSecret {@link TlsConfigKeys#BOOTSTRAP_SECRET}
 * @param certificateLifetime {@link TlsConfigKeys#CERTIFICATE_DURATION}
 * @param renewGrace {@link TlsConfigKeys#RENEW_GRACE}
 * @param checkInterval {@link TlsConfigKeys#RENEW_CHECK_INTERVAL}
 * @param caLifetime {@link TlsConfigKeys#CA_DURATION}
 * @param provider {@link TlsConfigKeys#PROVIDER}
 */
public record TlsSettings(
        String bootstrapSecret,
        Duration certificateLifetime,
        Duration renewGrace,
        Duration checkInterval,
        Duration caLifetime,
        TlsProvider provider) {
    public TlsSettings {
        if (renewGrace.compareTo(certificateLifetime) >= 0) {
            throw new ConfigException(TlsConfigKeys.RENEW_GRACE.name() + " (" + renewGrace + ") must be shorter than "
                    + TlsConfigKeys.CERTIFICATE_DURATION.name() + " (" + certificateLifetime + ")");
        }
        if (checkInterval.isZero() || checkInterval.isNegative()) {
            throw new ConfigException(TlsConfigKeys.RENEW_CHECK_INTERVAL.name() + " must be positive");
        }
    }

    /**
     * The settings in {@code conf} when TLS is on ({@link TlsConfigKeys#TLS_ENABLED}), else empty.
     *
     * @throws ConfigException when TLS is on without a bootstrap secret, or the durations do not fit
     */
    public static Optional<TlsSettings> from(OzoneConfiguration conf) {
        if (!conf.get(TlsConfigKeys.TLS_ENABLED)) {
            return Optional.empty();
        }
        String secret = conf.find(TlsConfigKeys.BOOTSTRAP_SECRET)
                .filter(value -> !value.isBlank())
                .orElseThrow(() -> new ConfigException(TlsConfigKeys.TLS_ENABLED.name() + " is true but "
                        + TlsConfigKeys.BOOTSTRAP_SECRET.name() + " is not set"));
        return Optional.of(new TlsSettings(
                secret,
                conf.get(TlsConfigKeys.CERTIFICATE_DURATION),
                conf.get(TlsConfigKeys.RENEW_GRACE),
                conf.get(TlsConfigKeys.RENEW_CHECK_INTERVAL),
                conf.get(TlsConfigKeys.CA_DURATION),
                TlsProvider.from(conf)));
    }

    @Override
    public String toString() {
        return "TlsSettings[certificateLifetime=" + certificateLifetime + ", renewGrace=" + renewGrace
                + ", checkInterval=" + checkInterval + ", caLifetime=" + caLifetime + ", provider=" + provider + "]";
    }
}
