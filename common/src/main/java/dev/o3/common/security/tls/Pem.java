package dev.o3.common.security.tls;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.PrivateKey;
import java.security.cert.CertificateEncodingException;
import java.security.cert.CertificateException;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.security.spec.PKCS8EncodedKeySpec;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Reads and writes certificates and PKCS#8 private keys as PEM files (what openssl and curl read). */
public final class Pem {
    private static final Pattern KEY =
            Pattern.compile("-----BEGIN PRIVATE KEY-----([A-Za-z0-9+/=\\s]+)-----END PRIVATE KEY-----");
    private static final Base64.Encoder MIME = Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII));

    private Pem() {}

    /** The certificates of a PEM file, in file order. */
    public static List<X509Certificate> readCertificates(Path file) {
        try {
            return parseCertificates(Files.readAllBytes(file));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read certificates from " + file, e);
        }
    }

    /** The certificates of PEM or DER bytes, in order. */
    public static List<X509Certificate> parseCertificates(byte[] encoded) {
        try {
            List<X509Certificate> certificates = new ArrayList<>();
            CertificateFactory factory = CertificateFactory.getInstance("X.509");
            factory.generateCertificates(new ByteArrayInputStream(encoded))
                    .forEach(certificate -> certificates.add((X509Certificate) certificate));
            if (certificates.isEmpty()) {
                throw new IllegalArgumentException("no certificate found");
            }
            return certificates;
        } catch (CertificateException e) {
            throw new IllegalArgumentException("not an X.509 certificate: " + e.getMessage(), e);
        }
    }

    /** The private key of a PKCS#8 PEM file ({@code BEGIN PRIVATE KEY}), RSA or EC. */
    public static PrivateKey readPrivateKey(Path file) {
        String text;
        try {
            text = Files.readString(file, StandardCharsets.US_ASCII);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read private key from " + file, e);
        }
        Matcher matcher = KEY.matcher(text);
        if (!matcher.find()) {
            throw new IllegalArgumentException(file + " holds no PKCS#8 private key");
        }
        byte[] der = Base64.getMimeDecoder().decode(matcher.group(1));
        for (String algorithm : List.of("EC", "RSA")) {
            try {
                return KeyFactory.getInstance(algorithm).generatePrivate(new PKCS8EncodedKeySpec(der));
            } catch (GeneralSecurityException e) {
                // Not this algorithm: try the next one.
            }
        }
        throw new IllegalArgumentException(file + " holds neither an EC nor an RSA private key");
    }

    /** {@code certificates} as PEM text. */
    public static String encode(List<X509Certificate> certificates) {
        StringBuilder pem = new StringBuilder();
        for (X509Certificate certificate : certificates) {
            try {
                pem.append(block("CERTIFICATE", certificate.getEncoded()));
            } catch (CertificateEncodingException e) {
                throw new IllegalArgumentException("cannot encode " + certificate.getSubjectX500Principal(), e);
            }
        }
        return pem.toString();
    }

    /** Writes {@code certificates} to {@code file} atomically (readable by all: certificates are public). */
    public static void writeCertificates(Path file, List<X509Certificate> certificates) {
        write(file, encode(certificates), false);
    }

    /** Writes {@code key} to {@code file} atomically, readable by its owner only. */
    public static void writePrivateKey(Path file, PrivateKey key) {
        write(file, block("PRIVATE KEY", key.getEncoded()), true);
    }

    private static String block(String type, byte[] der) {
        return "-----BEGIN " + type + "-----\n" + MIME.encodeToString(der) + "\n-----END " + type + "-----\n";
    }

    private static void write(Path file, String text, boolean secret) {
        try {
            Path parent = file.toAbsolutePath().getParent();
            Files.createDirectories(parent);
            Path temporary = Files.createTempFile(parent, file.getFileName().toString(), ".tmp");
            // A temporary file is created owner-only; certificates are public, so others may read them.
            if (!secret && parent.getFileSystem().supportedFileAttributeViews().contains("posix")) {
                Files.setPosixFilePermissions(temporary, PosixFilePermissions.fromString("rw-r--r--"));
            }
            Files.writeString(temporary, text, StandardCharsets.US_ASCII);
            Files.move(temporary, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }
}
