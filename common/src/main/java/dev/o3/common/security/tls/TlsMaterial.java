package dev.o3.common.security.tls;

import java.io.IOException;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.X509Certificate;
import java.util.Objects;
import java.util.Optional;
import javax.net.ssl.TrustManagerFactory;
import javax.net.ssl.X509TrustManager;

/**
 * What a process brings to TLS: the cluster CA it trusts, for a service its own key and certificate (a client has
 * none), and the TLS engine ({@link TlsConfigKeys#PROVIDER}). Immutable; the key manager itself takes renewed
 * certificates.
 *
 * @param keys this service's key and certificate, empty for a client
 * @param ca the cluster's root CA certificate; peers must present a certificate it issued
 * @param provider the TLS engine of the contexts built with this material
 */
public record TlsMaterial(Optional<ReloadingKeyManager> keys, X509Certificate ca, TlsProvider provider) {
    public TlsMaterial {
        Objects.requireNonNull(keys, "keys is null");
        Objects.requireNonNull(ca, "ca is null");
        Objects.requireNonNull(provider, "provider is null");
    }

    /** A client's material: trusts {@code ca}, presents no certificate; the default engine (OpenSSL). */
    public static TlsMaterial client(X509Certificate ca) {
        return new TlsMaterial(Optional.empty(), ca, TlsProvider.OPENSSL);
    }

    /** A service's material: trusts {@code ca}, presents what {@code keys} holds; the default engine (OpenSSL). */
    public static TlsMaterial service(ReloadingKeyManager keys, X509Certificate ca) {
        return new TlsMaterial(Optional.of(keys), ca, TlsProvider.OPENSSL);
    }

    /** The same material with the TLS engine {@code engine}. */
    public TlsMaterial withProvider(TlsProvider engine) {
        return new TlsMaterial(keys, ca, engine);
    }

    /** A trust manager accepting exactly the certificates the cluster CA issued (and still valid). */
    public X509TrustManager trustManager() {
        try {
            KeyStore store = KeyStore.getInstance(KeyStore.getDefaultType());
            store.load(null, null);
            store.setCertificateEntry("o3-cluster-ca", ca);
            TrustManagerFactory factory = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            factory.init(store);
            for (var manager : factory.getTrustManagers()) {
                if (manager instanceof X509TrustManager x509) {
                    return x509;
                }
            }
            throw new IllegalStateException("the JDK offers no X509TrustManager");
        } catch (GeneralSecurityException | IOException e) {
            throw new IllegalStateException("cannot build a trust manager for " + ca.getSubjectX500Principal(), e);
        }
    }
}
