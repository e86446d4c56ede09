package dev.o3.benchmarks;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.stream.Stream;

/**
 * A directory under {@code java.io.tmpdir} for a benchmark's RocksDB and block files, deleted with its contents on
 * {@link #close}.
 *
 * @param path the directory
 */
public record TempDirectory(Path path) implements AutoCloseable {
    public TempDirectory {
        Objects.requireNonNull(path, "path is null");
    }

    /**
     * Creates a new empty directory.
     *
     * @throws UncheckedIOException when it cannot be created
     */
    public static TempDirectory create(String prefix) {
        try {
            return new TempDirectory(Files.createTempDirectory(prefix));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create a temporary directory", e);
        }
    }

    @Override
    public void close() {
        try (Stream<Path> walk = Files.walk(path)) {
            List<Path> paths = walk.sorted(Comparator.reverseOrder()).toList();
            for (Path file : paths) {
                Files.delete(file);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot delete " + path, e);
        }
    }
}
