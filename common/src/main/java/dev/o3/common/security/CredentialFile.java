package dev.o3.common.security;

import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;

/**
 * The file a user's credential lives in, {@code ~/.ozone/credentials} unless {@code O3_CREDENTIALS} names another:
 * {@code access_key_id=...} and {@code secret_access_key=...} lines, readable by its owner only (0600 in a 0700
 * directory), written atomically so a reader never sees half a file.
 */
public final class CredentialFile {
    /** Environment variable naming another credential file. */
    public static final String ENVIRONMENT = "O3_CREDENTIALS";

    private static final String ACCESS_KEY_ID = "access_key_id";
    private static final String SECRET = "secret_access_key";
    private static final Set<PosixFilePermission> OWNER_FILE = PosixFilePermissions.fromString("rw-------");
    private static final Set<PosixFilePermission> OWNER_DIRECTORY = PosixFilePermissions.fromString("rwx------");

    private CredentialFile() {}

    /** Where the current OS user's credential is: {@code $O3_CREDENTIALS}, else {@code ~/.ozone/credentials}. */
    public static Path defaultLocation() {
        String named = System.getenv(ENVIRONMENT);
        if (named != null && !named.isBlank()) {
            return Path.of(named);
        }
        return Path.of(System.getProperty("user.home"), ".ozone", "credentials");
    }

    /**
     * The credential in {@code file}, or empty when there is no such file.
     *
     * @throws UncheckedIOException when the file exists but cannot be read or lacks a field
     */
    public static Optional<UserCredential> read(Path file) {
        Properties values = new Properties();
        try (Reader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            values.load(reader);
        } catch (NoSuchFileException e) {
            return Optional.empty();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the credential file " + file + ": " + e.getMessage(), e);
        }
        String accessKey = values.getProperty(ACCESS_KEY_ID, "").trim();
        String secret = values.getProperty(SECRET, "").trim();
        if (accessKey.isEmpty() || secret.isEmpty()) {
            throw new UncheckedIOException(new IOException(
                    "the credential file " + file + " needs " + ACCESS_KEY_ID + " and " + SECRET + " lines"));
        }
        return Optional.of(new UserCredential(accessKey, secret));
    }

    /**
     * Writes {@code credential} to {@code file} (replacing it), readable by the owner only.
     *
     * @throws UncheckedIOException when it cannot
     */
    public static void write(Path file, UserCredential credential) {
        try {
            Path directory = file.toAbsolutePath().getParent();
            if (!Files.isDirectory(directory)) {
                try {
                    Files.createDirectories(directory, PosixFilePermissions.asFileAttribute(OWNER_DIRECTORY));
                } catch (FileAlreadyExistsException e) {
                    // a racing writer made it
                }
            }
            Path temporary = Files.createTempFile(
                    directory, ".credentials", ".tmp", PosixFilePermissions.asFileAttribute(OWNER_FILE));
            try (Writer writer = Files.newBufferedWriter(temporary, StandardCharsets.UTF_8)) {
                writer.write(ACCESS_KEY_ID + "=" + credential.accessKeyId() + "\n");
                writer.write(SECRET + "=" + credential.secret() + "\n");
            }
            Files.move(temporary, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the credential file " + file + ": " + e.getMessage(), e);
        }
    }
}
