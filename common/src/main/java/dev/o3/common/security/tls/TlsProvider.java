package dev.o3.common.security.tls;

import dev.o3.common.config.OzoneConfiguration;
import io.netty.handler.ssl.OpenSsl;
import io.netty.handler.ssl.SslProvider;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The TLS engine of every internal TLS context (gRPC channels and servers, Ratis, the datanodes' replication port), as
 * {@link TlsConfigKeys#PROVIDER} chooses it. OpenSSL is BoringSSL through netty-tcnative, whose native library is
 * shipped for Linux x86-64 (for Ratis' shaded Netty, ratis-thirdparty bundles its own); where it cannot be loaded the
 * JDK's engine is used and one line per Netty copy says so. Either engine is given the same key and trust managers,
 * protocols and cipher suites, so what a peer must present and what it is checked against do not change.
 */
public enum TlsProvider {
    /** BoringSSL through netty-tcnative, when it loads; else {@link #JDK}. */
    OPENSSL,
    /** The JDK's {@code SSLEngine}. */
    JDK;

    private static final Logger LOG = LoggerFactory.getLogger(TlsProvider.class);

    /** The Netty copies for which OpenSSL was asked for but could not be loaded, each logged once. */
    private static final Set<String> UNAVAILABLE = ConcurrentHashMap.newKeySet();

    /** The engine {@code conf} asks for ({@link TlsConfigKeys#PROVIDER}). */
    public static TlsProvider from(OzoneConfiguration conf) {
        return valueOf(conf.get(TlsConfigKeys.PROVIDER).toUpperCase(Locale.ROOT));
    }

    /** The engine for Netty's ({@code io.netty}) contexts: OpenSSL when asked for and loadable, else the JDK's. */
    public SslProvider netty() {
        return usesOpenSsl("Netty", OpenSsl::isAvailable, OpenSsl::unavailabilityCause)
                ? SslProvider.OPENSSL
                : SslProvider.JDK;
    }

    /**
     * Whether contexts of the Netty copy {@code netty} use OpenSSL: when it is asked for and {@code available} (asked
     * only then: it loads the native library). When it is asked for but not available, the first call for that copy
     * logs why the JDK's engine is used instead.
     */
    public boolean usesOpenSsl(String netty, BooleanSupplier available, Supplier<Throwable> cause) {
        if (this == JDK) {
            return false;
        }
        boolean loaded = available.getAsBoolean();
        if (!loaded && UNAVAILABLE.add(netty)) {
            Throwable reason = cause.get();
            LOG.info(
                    "{}: {} cannot load OpenSSL ({}), so TLS uses the JDK's engine",
                    TlsConfigKeys.PROVIDER.name() + "=" + name(),
                    netty,
                    reason == null ? "no reason given" : reason.toString());
        }
        return loaded;
    }
}
