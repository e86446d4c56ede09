package dev.o3.server.security.ca;

import dev.o3.common.security.tls.Pem;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.cert.X509Certificate;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.List;
import java.util.Objects;
import org.bouncycastle.asn1.pkcs.Attribute;
import org.bouncycastle.asn1.pkcs.PKCSObjectIdentifiers;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x509.BasicConstraints;
import org.bouncycastle.asn1.x509.ExtendedKeyUsage;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.asn1.x509.Extensions;
import org.bouncycastle.asn1.x509.GeneralNames;
import org.bouncycastle.asn1.x509.KeyPurposeId;
import org.bouncycastle.asn1.x509.KeyUsage;
import org.bouncycastle.cert.CertIOException;
import org.bouncycastle.cert.X509v3CertificateBuilder;
import org.bouncycastle.cert.jcajce.JcaX509ExtensionUtils;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.operator.OperatorCreationException;
import org.bouncycastle.operator.jcajce.JcaContentVerifierProviderBuilder;
import org.bouncycastle.pkcs.PKCSException;
import org.bouncycastle.pkcs.jcajce.JcaPKCS10CertificationRequest;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The cluster's root CA: a self-signed EC certificate and its key, created in a directory of SCM's on first use and
 * loaded from there afterwards ({@code ca.crt}, {@code ca.key}, owner-only). Signs service certificates for any valid
 * PKCS#10 request the caller has authenticated (see {@link BootstrapProof}): they are good for TLS server and client
 * use, carry the names the request asks for, and never outlive the CA. Thread-safe.
 */
public final class CertificateAuthority {
    private static final Logger LOG = LoggerFactory.getLogger(CertificateAuthority.class);
    /** Tolerated clock difference between SCM and the services checking a new certificate. */
    private static final Duration BACKDATE = Duration.ofMinutes(5);

    private final PrivateKey key;
    private final X509Certificate certificate;
    private final Clock clock;

    private CertificateAuthority(PrivateKey key, X509Certificate certificate, Clock clock) {
        this.key = key;
        this.certificate = certificate;
        this.clock = clock;
    }

    /** The CA certificate's file in {@code directory}. */
    public static Path certificateFile(Path directory) {
        return directory.resolve("ca.crt");
    }

    /**
     * The CA kept in {@code directory}, created there first if the directory holds none.
     *
     * @param lifetime the new CA certificate's lifetime, when one is created
     * @param name the cluster's name, for the CA's subject
     */
    public static CertificateAuthority loadOrCreate(Path directory, Duration lifetime, String name, Clock clock) {
        Path certificateFile = certificateFile(directory);
        Path keyFile = directory.resolve("ca.key");
        if (Files.exists(certificateFile) && Files.exists(keyFile)) {
            X509Certificate certificate = Pem.readCertificates(certificateFile).get(0);
            return new CertificateAuthority(Pem.readPrivateKey(keyFile), certificate, clock);
        }
        KeyPair pair = Certificates.newKeyPair();
        Instant now = clock.instant();
        X500Name subject = new X500Name("CN=" + name + " root CA,O=o3");
        X509v3CertificateBuilder builder = new JcaX509v3CertificateBuilder(
                subject,
                Certificates.serial(),
                Date.from(now.minus(BACKDATE)),
                Date.from(now.plus(lifetime)),
                subject,
                pair.getPublic());
        try {
            JcaX509ExtensionUtils extensions = new JcaX509ExtensionUtils();
            builder.addExtension(Extension.basicConstraints, true, new BasicConstraints(0))
                    .addExtension(Extension.keyUsage, true, new KeyUsage(KeyUsage.keyCertSign | KeyUsage.cRLSign))
                    .addExtension(
                            Extension.subjectKeyIdentifier,
                            false,
                            extensions.createSubjectKeyIdentifier(pair.getPublic()));
        } catch (CertIOException | GeneralSecurityException e) {
            throw new IllegalStateException("cannot build the CA certificate", e);
        }
        X509Certificate certificate = Certificates.sign(builder, pair.getPrivate());
        try {
            Files.createDirectories(directory);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException("cannot create " + directory, e);
        }
        Pem.writePrivateKey(keyFile, pair.getPrivate());
        Pem.writeCertificates(certificateFile, List.of(certificate));
        LOG.info("created the cluster root CA {} in {}, valid until {}", subject, directory, certificate.getNotAfter());
        return new CertificateAuthority(pair.getPrivate(), certificate, clock);
    }

    /** The root certificate every node trusts. */
    public X509Certificate certificate() {
        return certificate;
    }

    /**
     * Signs the request {@code csr} (DER) for {@code lifetime}, cut to the CA's own expiry.
     *
     * @return the new certificate, then the CA's
     * @throws IllegalArgumentException when {@code csr} is malformed or not signed by the key it carries
     */
    public List<X509Certificate> sign(byte[] csr, Duration lifetime) {
        Objects.requireNonNull(csr, "csr is null");
        JcaPKCS10CertificationRequest request;
        PublicKey publicKey;
        try {
            request = new JcaPKCS10CertificationRequest(csr);
            publicKey = request.getPublicKey();
            if (!request.isSignatureValid(new JcaContentVerifierProviderBuilder().build(publicKey))) {
                throw new IllegalArgumentException("the certificate request is not signed by its own key");
            }
        } catch (IOException | GeneralSecurityException | OperatorCreationException | PKCSException e) {
            throw new IllegalArgumentException("not a valid PKCS#10 certificate request: " + e.getMessage(), e);
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("not a valid PKCS#10 certificate request: " + e.getMessage(), e);
        }
        Instant now = clock.instant();
        Instant end = now.plus(lifetime);
        Instant caEnd = certificate.getNotAfter().toInstant();
        if (end.isAfter(caEnd)) {
            end = caEnd;
        }
        X509v3CertificateBuilder builder = new JcaX509v3CertificateBuilder(
                certificate,
                Certificates.serial(),
                Date.from(now.minus(BACKDATE)),
                Date.from(end),
                request.getSubject(),
                publicKey);
        try {
            JcaX509ExtensionUtils extensions = new JcaX509ExtensionUtils();
            builder.addExtension(Extension.basicConstraints, true, new BasicConstraints(false))
                    .addExtension(
                            Extension.keyUsage,
                            true,
                            new KeyUsage(KeyUsage.digitalSignature | KeyUsage.keyEncipherment))
                    .addExtension(Extension.extendedKeyUsage, false, new ExtendedKeyUsage(new KeyPurposeId[] {
                        KeyPurposeId.id_kp_serverAuth, KeyPurposeId.id_kp_clientAuth
                    }))
                    .addExtension(
                            Extension.authorityKeyIdentifier,
                            false,
                            extensions.createAuthorityKeyIdentifier(certificate))
                    .addExtension(
                            Extension.subjectKeyIdentifier, false, extensions.createSubjectKeyIdentifier(publicKey));
            GeneralNames names = requestedNames(request);
            if (names != null) {
                builder.addExtension(Extension.subjectAlternativeName, false, names);
            }
        } catch (CertIOException | GeneralSecurityException e) {
            throw new IllegalStateException("cannot build a certificate for " + request.getSubject(), e);
        }
        X509Certificate issued = Certificates.sign(builder, key);
        LOG.info("issued {} (serial {}) until {}", issued.getSubjectX500Principal(), issued.getSerialNumber(), end);
        return List.of(issued, certificate);
    }

    private static GeneralNames requestedNames(JcaPKCS10CertificationRequest request) {
        for (Attribute attribute : request.getAttributes(PKCSObjectIdentifiers.pkcs_9_at_extensionRequest)) {
            Extensions extensions =
                    Extensions.getInstance(attribute.getAttrValues().getObjectAt(0));
            GeneralNames names = GeneralNames.fromExtensions(extensions, Extension.subjectAlternativeName);
            if (names != null) {
                return names;
            }
        }
        return null;
    }
}
