package dev.o3.dist;

import dev.o3.client.cli.ConfigOptions;
import dev.o3.common.security.tls.TlsConfigKeys;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import java.util.Optional;

/**
 * The client configuration of a running {@code ozone local} ({@value ConfigOptions#LOCAL_CLUSTER_FILE} in the conf
 * dir): the OM and SCM addresses and, with TLS, the CA certificate to trust, in ozone-site.xml form, so that
 * {@code ozone sh}, {@code admin}, {@code s3} and {@code freon} reach the cluster with no flags whatever its ports.
 * Written when the cluster is ready, removed when it stops.
 */
final class LocalClusterFile {
    /** The cluster CA certificate clients trust, beside the configuration file. */
    static final String CA_FILE = "ozone-local-ca.crt";

    private final Path file;
    private final String content;

    private LocalClusterFile(Path file, String content) {
        this.file = file;
        this.content = content;
    }

    /** The file for this launcher's conf dir; empty when there is none (not started by {@code bin/ozone}). */
    static Optional<Path> location() {
        return ConfigOptions.localClusterFile().filter(path -> Files.isDirectory(path.getParent()));
    }

    /**
     * Writes {@code values} to {@code file} (atomically: a client never reads half a file).
     *
     * @throws UncheckedIOException when the directory is not writable
     */
    static LocalClusterFile write(Path file, Map<String, String> values) {
        StringBuilder xml = new StringBuilder("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
                .append("<!-- Written by ozone local while it runs; removed when it stops. -->\n")
                .append("<configuration>\n");
        values.forEach((name, value) -> xml.append("  <property><name>")
                .append(escape(name))
                .append("</name><value>")
                .append(escape(value))
                .append("</value></property>\n"));
        xml.append("</configuration>\n");
        String content = xml.toString();
        try {
            // Readable by every user of the machine (addresses only, no secrets): in secure mode they all talk to
            // this cluster, each with their own credential.
            Path temporary = Files.createTempFile(
                    file.getParent(),
                    ".ozone-local",
                    ".xml",
                    PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-r--r--")));
            Files.writeString(temporary, content, StandardCharsets.UTF_8);
            Files.move(temporary, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
        return new LocalClusterFile(file, content);
    }

    /**
     * Copies the cluster CA certificate {@code ca} beside {@code file} ({@value #CA_FILE}) and returns the keys that
     * make clients trust it.
     *
     * @throws UncheckedIOException when the directory is not writable
     */
    static Map<String, String> trust(Path file, Path ca) {
        Path copy = file.resolveSibling(CA_FILE);
        try {
            Path temporary = Files.createTempFile(file.getParent(), ".ozone-local", ".crt");
            Files.copy(ca, temporary, StandardCopyOption.REPLACE_EXISTING);
            // A certificate is public: every local user's client must be able to trust the cluster.
            if (temporary.getFileSystem().supportedFileAttributeViews().contains("posix")) {
                Files.setPosixFilePermissions(temporary, PosixFilePermissions.fromString("rw-r--r--"));
            }
            Files.move(temporary, copy, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + copy, e);
        }
        return Map.of(TlsConfigKeys.TLS_ENABLED.name(), "true", TlsConfigKeys.CA_FILE.name(), copy.toString());
    }

    /** Removes the file unless another {@code ozone local} has replaced it since. */
    void remove() {
        try {
            if (Files.isRegularFile(file)
                    && Files.readString(file, StandardCharsets.UTF_8).equals(content)) {
                Files.delete(file);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot remove " + file, e);
        }
    }

    private static String escape(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
    }
}
