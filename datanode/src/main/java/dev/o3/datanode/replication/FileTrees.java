package dev.o3.datanode.replication;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/** File tree helpers of the replication code. */
final class FileTrees {
    private FileTrees() {}

    /** Deletes a directory and everything below it; a missing directory is fine. */
    static void deleteRecursively(Path root) throws IOException {
        List<Path> paths;
        try (Stream<Path> walk = Files.walk(root)) {
            paths = walk.sorted(Comparator.reverseOrder()).toList();
        } catch (NoSuchFileException e) {
            return;
        }
        for (Path path : paths) {
            Files.deleteIfExists(path);
        }
    }

    /** Makes the entries of a directory (creations, renames) durable. */
    static void syncDirectory(Path directory) throws IOException {
        try (FileChannel channel = FileChannel.open(directory, StandardOpenOption.READ)) {
            channel.force(true);
        }
    }
}
