package dev.o3.server.security.tls;

import dev.o3.server.security.ca.Certificates;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.security.KeyPair;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.bouncycastle.asn1.pkcs.PKCSObjectIdentifiers;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.asn1.x509.ExtensionsGenerator;
import org.bouncycastle.asn1.x509.GeneralName;
import org.bouncycastle.asn1.x509.GeneralNames;
import org.bouncycastle.pkcs.jcajce.JcaPKCS10CertificationRequestBuilder;

/**
 * A new key pair and the PKCS#10 request for its certificate: subject {@code CN=<role>-<id>, OU=<role>}, and the
 * host names and addresses peers reach the service by as subject alternative names (clients check them).
 * Immutable.
 */
public final class CertificateRequest {
    private final KeyPair keys;
    private final byte[] encoded;

    private CertificateRequest(KeyPair keys, byte[] encoded) {
        this.keys = keys;
        this.encoded = encoded;
    }

    /** The new key pair; the private key never leaves the service. */
    public KeyPair keys() {
        return keys;
    }

    /** The request, DER. */
    public byte[] encoded() {
        return encoded.clone();
    }

    /** A request for {@code role} {@code id} reachable at {@code hosts} (names or IP literals). */
    public static CertificateRequest create(String role, String id, Set<String> hosts) {
        KeyPair keys = Certificates.newKeyPair();
        X500Name subject = new X500Name("CN=" + escape(role + "-" + id) + ",OU=" + escape(role) + ",O=o3");
        List<GeneralName> names = new ArrayList<>();
        for (String host : hosts) {
            names.add(
                    isAddress(host)
                            ? new GeneralName(GeneralName.iPAddress, host)
                            : new GeneralName(GeneralName.dNSName, host));
        }
        try {
            ExtensionsGenerator extensions = new ExtensionsGenerator();
            extensions.addExtension(
                    Extension.subjectAlternativeName, false, new GeneralNames(names.toArray(new GeneralName[0])));
            byte[] der = new JcaPKCS10CertificationRequestBuilder(subject, keys.getPublic())
                    .addAttribute(PKCSObjectIdentifiers.pkcs_9_at_extensionRequest, extensions.generate())
                    .build(Certificates.signer(keys.getPrivate()))
                    .getEncoded();
            return new CertificateRequest(keys, der);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot encode the certificate request", e);
        }
    }

    /** {@code extra} plus the names every local peer may use: localhost, the loopback and this host's addresses. */
    public static Set<String> localNames(Set<String> extra) {
        Set<String> hosts = new LinkedHashSet<>(extra);
        hosts.add("localhost");
        hosts.add("127.0.0.1");
        try {
            InetAddress local = InetAddress.getLocalHost();
            hosts.add(local.getHostName());
            hosts.add(local.getCanonicalHostName());
            hosts.add(local.getHostAddress());
        } catch (IOException e) {
            // A host without a resolvable name is reached by the names given and loopback.
        }
        return hosts;
    }

    private static boolean isAddress(String host) {
        return host.matches("[0-9.]+") || host.contains(":");
    }

    private static String escape(String value) {
        return value.replaceAll("([,+\"\\\\<>;=])", "\\\\$1");
    }
}
