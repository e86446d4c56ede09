package dev.o3.faults;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/** Removes the data of runs: a passed run's daemon data (its logs stay), or a previous run's whole directory. */
final class DataCleaner {
    private DataCleaner() {}

    static void removeData(Path cluster) throws IOException {
        List<Path> directories;
        try (Stream<Path> children = Files.list(cluster)) {
            directories = children.filter(Files::isDirectory).toList();
        }
        for (Path directory : directories) {
            removeTree(directory);
        }
    }

    /** Deletes {@code root} and everything under it, if it exists. */
    static void removeTree(Path root) throws IOException {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> tree = Files.walk(root)) {
            for (Path path : tree.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(path);
            }
        }
    }
}
