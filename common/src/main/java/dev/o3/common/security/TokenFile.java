package dev.o3.common.security;

import com.google.protobuf.InvalidProtocolBufferException;
import dev.o3.proto.om.DelegationToken;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Base64;
import java.util.Optional;

/**
 * The file a delegation token is kept in ({@code ozone sh token get -t FILE}, {@code OZONE_TOKEN_FILE}): one line
 * {@code o3-delegation-token <base64 of the DelegationToken message>}, readable by its owner only, since whoever
 * reads it can act as the token's owner until it expires or is cancelled.
 */
public final class TokenFile {
    /** Environment variable naming the token file clients sign with instead of the credential file. */
    public static final String ENVIRONMENT = "OZONE_TOKEN_FILE";

    private static final String TAG = "o3-delegation-token ";

    private TokenFile() {}

    /** The token file {@code $OZONE_TOKEN_FILE} names, if set. */
    public static Optional<Path> fromEnvironment() {
        return Optional.ofNullable(System.getenv(ENVIRONMENT))
                .filter(name -> !name.isBlank())
                .map(Path::of);
    }

    /**
     * The token in {@code file}.
     *
     * @throws UncheckedIOException when it cannot be read or holds no token
     */
    public static DelegationToken read(Path file) {
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8).strip();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the token file " + file + ": " + e.getMessage(), e);
        }
        if (!text.startsWith(TAG)) {
            String message = file + " is not an O3 token file (ozone sh token get -t FILE writes one)";
            throw new UncheckedIOException(message, new IOException(message));
        }
        try {
            return DelegationToken.parseFrom(
                    Base64.getDecoder().decode(text.substring(TAG.length()).strip()));
        } catch (InvalidProtocolBufferException | IllegalArgumentException e) {
            String message = file + " holds a damaged token: " + e.getMessage();
            throw new UncheckedIOException(message, new IOException(message, e));
        }
    }

    /**
     * Writes {@code token} to {@code file} (replacing it), readable by the owner only.
     *
     * @throws UncheckedIOException when it cannot
     */
    public static void write(Path file, DelegationToken token) {
        Path target = file.toAbsolutePath();
        try {
            Path temporary = Files.createTempFile(
                    target.getParent(),
                    ".token",
                    ".tmp",
                    PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
            Files.writeString(
                    temporary,
                    TAG + Base64.getEncoder().encodeToString(token.toByteArray()) + "\n",
                    StandardCharsets.UTF_8);
            Files.move(temporary, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the token file " + file + ": " + e.getMessage(), e);
        }
    }
}
