package dev.o3.common.grpc;

import dev.o3.common.config.ConfigException;
import dev.o3.common.config.ConfigKey;
import dev.o3.common.config.DataSize;
import dev.o3.common.config.OzoneConfiguration;
import dev.o3.common.security.tls.Pem;
import dev.o3.common.security.tls.TlsConfigKeys;
import dev.o3.common.security.tls.TlsMaterial;
import dev.o3.common.security.tls.TlsProvider;
import dev.o3.common.security.tls.TlsTransportSecurity;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.util.Objects;

/**
 * The settings every gRPC channel and server of a process share, parsed once from the configuration.
 *
 * @param maxInboundMessageSize largest message accepted ({@link GrpcConfigKeys#MESSAGE_SIZE_MAX})
 * @param keepAliveTime idle time before a keepalive ping ({@link GrpcConfigKeys#KEEPALIVE_TIME})
 * @param keepAliveTimeout time to wait for the ping's answer ({@link GrpcConfigKeys#KEEPALIVE_TIMEOUT})
 * @param security how connections are protected
 */
public record GrpcConfig(
        DataSize maxInboundMessageSize, Duration keepAliveTime, Duration keepAliveTimeout, TransportSecurity security) {
    /** gRPC raises a shorter client keepalive time to this, so a shorter setting would mislead. */
    static final Duration KEEPALIVE_TIME_MIN = Duration.ofSeconds(10);

    private static final GrpcConfig DEFAULTS = new GrpcConfig(
            defaultOf(GrpcConfigKeys.MESSAGE_SIZE_MAX),
            defaultOf(GrpcConfigKeys.KEEPALIVE_TIME),
            defaultOf(GrpcConfigKeys.KEEPALIVE_TIMEOUT),
            TransportSecurity.PLAINTEXT);

    public GrpcConfig {
        Objects.requireNonNull(maxInboundMessageSize, "maxInboundMessageSize is null");
        Objects.requireNonNull(keepAliveTime, "keepAliveTime is null");
        Objects.requireNonNull(keepAliveTimeout, "keepAliveTimeout is null");
        Objects.requireNonNull(security, "security is null");
        if (maxInboundMessageSize.bytes() == 0 || maxInboundMessageSize.bytes() > Integer.MAX_VALUE) {
            throw new ConfigException(GrpcConfigKeys.MESSAGE_SIZE_MAX.name() + " (" + maxInboundMessageSize
                    + ") must be between 1 byte and 2GB");
        }
        if (keepAliveTime.compareTo(KEEPALIVE_TIME_MIN) < 0) {
            throw new ConfigException(GrpcConfigKeys.KEEPALIVE_TIME.name() + " (" + keepAliveTime
                    + ") must be at least " + KEEPALIVE_TIME_MIN);
        }
        if (keepAliveTimeout.isZero() || keepAliveTimeout.isNegative()) {
            throw new ConfigException(
                    GrpcConfigKeys.KEEPALIVE_TIMEOUT.name() + " (" + keepAliveTimeout + ") must be positive");
        }
    }

    /**
     * The settings in {@code conf}.
     *
     * @throws ConfigException naming the key whose value is out of range
     */
    public static GrpcConfig from(OzoneConfiguration conf) {
        return new GrpcConfig(
                conf.get(GrpcConfigKeys.MESSAGE_SIZE_MAX),
                conf.get(GrpcConfigKeys.KEEPALIVE_TIME),
                conf.get(GrpcConfigKeys.KEEPALIVE_TIMEOUT),
                clientSecurity(conf));
    }

    /** These settings with {@code security} instead: a service's TLS with its own certificate. */
    public GrpcConfig withSecurity(TransportSecurity security) {
        return new GrpcConfig(maxInboundMessageSize, keepAliveTime, keepAliveTimeout, security);
    }

    /** A client's security: plaintext, or TLS trusting the CA of {@link TlsConfigKeys#CA_FILE}. */
    private static TransportSecurity clientSecurity(OzoneConfiguration conf) {
        if (!conf.get(TlsConfigKeys.TLS_ENABLED)) {
            return TransportSecurity.PLAINTEXT;
        }
        return conf.find(TlsConfigKeys.CA_FILE)
                .<TransportSecurity>map(file ->
                        TlsTransportSecurity.of(TlsMaterial.client(readCa(file)).withProvider(TlsProvider.from(conf))))
                .orElseGet(() -> TransportSecurity.unusable(TlsConfigKeys.TLS_ENABLED.name() + " is true but "
                        + TlsConfigKeys.CA_FILE.name() + " (the cluster CA certificate to trust) is not set"));
    }

    private static X509Certificate readCa(Path file) {
        try {
            return Pem.readCertificates(file).get(0);
        } catch (UncheckedIOException | IllegalArgumentException e) {
            throw new ConfigException(TlsConfigKeys.CA_FILE.name() + ": " + e.getMessage());
        }
    }

    /** The keys' defaults, for tools and tests that have no configuration at hand. */
    public static GrpcConfig defaults() {
        return DEFAULTS;
    }

    private static <T> T defaultOf(ConfigKey<T> key) {
        return key.type().parse(key.defaultValue().orElseThrow());
    }
}
