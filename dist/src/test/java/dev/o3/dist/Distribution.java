package dev.o3.dist;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/** The unpacked distribution the package phase built, and free loopback ports for the daemons the ITs start. */
final class Distribution {
    private Distribution() {}

    /** The unpacked tarball's home (target/o3-VERSION, holding bin/ozone). */
    static Path home() throws IOException {
        try (Stream<Path> candidates = Files.list(Path.of("target"))) {
            return candidates
                    .filter(path -> path.getFileName().toString().startsWith("o3-")
                            && Files.isExecutable(path.resolve("bin/ozone")))
                    .findFirst()
                    .orElseThrow(() -> new IllegalStateException("no target/o3-*/bin/ozone: run the package phase"))
                    .toAbsolutePath();
        }
    }
}
