package dev.o3.server.security.ca;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.cert.CertificateEncodingException;
import java.security.cert.X509Certificate;
import java.util.List;
import java.util.Objects;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * HMAC-SHA256 proofs of the cluster's bootstrap secret ({@code hdds.security.bootstrap.secret}): a service proves it
 * over its certificate request, the CA over the chain it answers with. A request's proof is worth nothing to an
 * eavesdropper: it only gets a certificate for the key in that request, whose private half it lacks. Immutable.
 */
public final class BootstrapProof {
    private static final String ALGORITHM = "HmacSHA256";
    private static final byte[] REQUEST_LABEL = "o3-csr".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] CHAIN_LABEL = "o3-chain".getBytes(StandardCharsets.US_ASCII);

    private final SecretKeySpec key;

    /** @throws IllegalArgumentException when the secret is blank */
    public BootstrapProof(String secret) {
        Objects.requireNonNull(secret, "secret is null");
        if (secret.isBlank()) {
            throw new IllegalArgumentException("the bootstrap secret is blank");
        }
        this.key = new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), ALGORITHM);
    }

    /** The proof a service sends with {@code csr} (DER). */
    public byte[] forRequest(byte[] csr) {
        return mac(REQUEST_LABEL, csr);
    }

    /** The proof the CA sends with the chain it issued for {@code csr}. */
    public byte[] forChain(byte[] csr, List<X509Certificate> chain) {
        byte[][] parts = new byte[chain.size() + 2][];
        parts[0] = CHAIN_LABEL;
        parts[1] = csr;
        for (int i = 0; i < chain.size(); i++) {
            try {
                parts[i + 2] = chain.get(i).getEncoded();
            } catch (CertificateEncodingException e) {
                throw new IllegalArgumentException(
                        "cannot encode " + chain.get(i).getSubjectX500Principal(), e);
            }
        }
        return mac(parts);
    }

    /** Whether {@code proof} equals {@code expected}, in time independent of where they differ. */
    public static boolean matches(byte[] expected, byte[] proof) {
        return MessageDigest.isEqual(expected, proof);
    }

    private byte[] mac(byte[]... parts) {
        try {
            Mac mac = Mac.getInstance(ALGORITHM);
            mac.init(key);
            for (byte[] part : parts) {
                // Length-prefixed, so moving bytes from one part to the next changes the proof.
                mac.update(new byte[] {
                    (byte) (part.length >>> 24),
                    (byte) (part.length >>> 16),
                    (byte) (part.length >>> 8),
                    (byte) part.length
                });
                mac.update(part);
            }
            return mac.doFinal();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("the JDK lacks " + ALGORITHM, e);
        }
    }
}
