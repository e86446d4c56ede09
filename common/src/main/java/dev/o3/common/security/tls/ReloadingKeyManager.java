package dev.o3.common.security.tls;

import com.google.errorprone.annotations.concurrent.GuardedBy;
import java.net.Socket;
import java.security.Principal;
import java.security.PrivateKey;
import java.security.cert.X509Certificate;
import java.util.List;
import java.util.Objects;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.X509ExtendedKeyManager;

/**
 * A key manager whose key and certificate chain can be replaced while servers and channels use it: every TLS
 * handshake after {@link #update} presents the new certificate, connections already open keep theirs. Each update
 * gets a new alias, so TLS engines that cache key material by alias (OpenSSL) pick the new one up too; the previous
 * one stays readable for a handshake that chose it just before the update. Thread-safe.
 */
public final class ReloadingKeyManager extends X509ExtendedKeyManager {
    private volatile Entry current;
    private volatile Entry previous;

    @GuardedBy("this")
    private long generation;

    /** A key manager presenting {@code key} with {@code chain} (leaf first). */
    public ReloadingKeyManager(PrivateKey key, List<X509Certificate> chain) {
        this.current = new Entry("o3-0", key, chain.toArray(new X509Certificate[0]));
        this.previous = current;
    }

    /** Presents {@code key} with {@code chain} (leaf first) from the next handshake on. */
    public synchronized void update(PrivateKey key, List<X509Certificate> chain) {
        generation++;
        previous = current;
        current = new Entry("o3-" + generation, key, chain.toArray(new X509Certificate[0]));
    }

    /** The certificate presented now. */
    public X509Certificate certificate() {
        return current.chain[0];
    }

    @Override
    public String[] getClientAliases(String keyType, Principal[] issuers) {
        Entry entry = current;
        return entry.fits(keyType) ? new String[] {entry.alias} : null;
    }

    @Override
    public String chooseClientAlias(String[] keyTypes, Principal[] issuers, Socket socket) {
        return chooseClient(keyTypes);
    }

    @Override
    public String chooseEngineClientAlias(String[] keyTypes, Principal[] issuers, SSLEngine engine) {
        return chooseClient(keyTypes);
    }

    @Override
    public String[] getServerAliases(String keyType, Principal[] issuers) {
        return getClientAliases(keyType, issuers);
    }

    @Override
    public String chooseServerAlias(String keyType, Principal[] issuers, Socket socket) {
        return chooseServer(keyType);
    }

    @Override
    public String chooseEngineServerAlias(String keyType, Principal[] issuers, SSLEngine engine) {
        return chooseServer(keyType);
    }

    @Override
    public X509Certificate[] getCertificateChain(String alias) {
        Entry entry = find(alias);
        return entry == null ? null : entry.chain.clone();
    }

    @Override
    public PrivateKey getPrivateKey(String alias) {
        Entry entry = find(alias);
        return entry == null ? null : entry.key;
    }

    private String chooseClient(String[] keyTypes) {
        Entry entry = current;
        if (keyTypes == null) {
            return entry.alias;
        }
        for (String keyType : keyTypes) {
            if (entry.fits(keyType)) {
                return entry.alias;
            }
        }
        return null;
    }

    private String chooseServer(String keyType) {
        Entry entry = current;
        return entry.fits(keyType) ? entry.alias : null;
    }

    private Entry find(String alias) {
        Entry now = current;
        if (now.alias.equals(alias)) {
            return now;
        }
        Entry before = previous;
        return before.alias.equals(alias) ? before : null;
    }

    private static final class Entry {
        private final String alias;
        private final PrivateKey key;
        private final X509Certificate[] chain;

        Entry(String alias, PrivateKey key, X509Certificate[] chain) {
            this.alias = alias;
            this.key = Objects.requireNonNull(key, "key is null");
            if (chain.length == 0) {
                throw new IllegalArgumentException("empty certificate chain");
            }
            this.chain = chain;
        }

        /** JSSE asks per key type ("EC", "RSA", or TLS 1.2's "EC_EC"/"EC_RSA": key, then signer). */
        boolean fits(String keyType) {
            if (keyType == null) {
                return true;
            }
            int underscore = keyType.indexOf('_');
            String keyAlgorithm = underscore < 0 ? keyType : keyType.substring(0, underscore);
            return keyAlgorithm.equals(key.getAlgorithm());
        }
    }
}
