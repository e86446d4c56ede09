package dev.o3.faults;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/** Frees the disk of a passed run: removes every daemon's data and keeps the logs beside them. */
final class DataCleaner {
    private DataCleaner() {}

    static void removeData(Path cluster) throws IOException {
        List<Path> directories;
        try (Stream<Path> children = Files.list(cluster)) {
            directories = children.filter(Files::isDirectory).toList();
        }
        for (Path directory : directories) {
            try (Stream<Path> tree = Files.walk(directory)) {
                for (Path path : tree.sorted(Comparator.reverseOrder()).toList()) {
                    Files.deleteIfExists(path);
                }
            }
        }
    }
}
