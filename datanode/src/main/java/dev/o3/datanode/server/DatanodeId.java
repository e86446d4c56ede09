package dev.o3.datanode.server;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.UUID;

/** The datanode's UUID, generated once and kept in {@code <metadata dir>/datanode.id} (docs/internals.md). */
final class DatanodeId {
    private static final String FILE = "datanode.id";

    private DatanodeId() {}

    /**
     * Reads the id, creating it on first start.
     *
     * @throws UncheckedIOException when the file cannot be read or written
     */
    static String loadOrCreate(Path metadataDir) {
        Path file = metadataDir.resolve(FILE);
        try {
            if (Files.exists(file)) {
                return UUID.fromString(
                                Files.readString(file, StandardCharsets.UTF_8).trim())
                        .toString();
            }
            Files.createDirectories(metadataDir);
            String id = UUID.randomUUID().toString();
            Path temporary = metadataDir.resolve(FILE + ".tmp");
            Files.writeString(temporary, id + "\n", StandardCharsets.UTF_8);
            Files.move(temporary, file, StandardCopyOption.ATOMIC_MOVE);
            return id;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read or create the datanode id in " + file, e);
        }
    }
}
