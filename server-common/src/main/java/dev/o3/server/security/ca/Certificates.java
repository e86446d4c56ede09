package dev.o3.server.security.ca;

import java.math.BigInteger;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.security.SecureRandom;
import java.security.cert.CertificateException;
import java.security.cert.X509Certificate;
import java.security.spec.ECGenParameterSpec;
import org.bouncycastle.cert.X509CertificateHolder;
import org.bouncycastle.cert.X509v3CertificateBuilder;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.operator.ContentSigner;
import org.bouncycastle.operator.OperatorCreationException;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;

/** Key pairs and signing shared by the CA and the services' requests: EC P-256 keys, ECDSA with SHA-256. */
public final class Certificates {
    static final String SIGNATURE = "SHA256withECDSA";
    private static final SecureRandom RANDOM = new SecureRandom();

    private Certificates() {}

    /** A fresh EC P-256 key pair: small, and fast to handshake with. */
    public static KeyPair newKeyPair() {
        try {
            KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
            generator.initialize(new ECGenParameterSpec("secp256r1"), RANDOM);
            return generator.generateKeyPair();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("the JDK cannot make EC P-256 keys", e);
        }
    }

    /** A signer with {@code key}. */
    public static ContentSigner signer(PrivateKey key) {
        try {
            return new JcaContentSignerBuilder(SIGNATURE).build(key);
        } catch (OperatorCreationException e) {
            throw new IllegalStateException("cannot sign with a " + key.getAlgorithm() + " key", e);
        }
    }

    /** A random positive 127-bit serial number (RFC 5280 allows up to 20 octets). */
    static BigInteger serial() {
        return new BigInteger(127, RANDOM);
    }

    static X509Certificate sign(X509v3CertificateBuilder builder, PrivateKey key) {
        X509CertificateHolder holder = builder.build(signer(key));
        try {
            return new JcaX509CertificateConverter().getCertificate(holder);
        } catch (CertificateException e) {
            throw new IllegalStateException("cannot convert the signed certificate", e);
        }
    }
}
