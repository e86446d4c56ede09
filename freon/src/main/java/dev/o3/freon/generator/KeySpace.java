package dev.o3.freon.generator;

import picocli.CommandLine.Option;

/** The {@code --keys} option of the readers: how many of a writer's keys they cycle through. */
final class KeySpace {
    @Option(
            names = "--keys",
            paramLabel = "K",
            description = "Read keys PREFIX/0 .. PREFIX/K-1 round-robin (default: -n, or 1000 with --duration);"
                    + " e.g. the writer's -n, for a --duration run.")
    private Long keys;

    void validate() {
        if (keys != null && keys < 1) {
            throw new IllegalArgumentException("--keys must be at least 1, not " + keys);
        }
    }

    /** The index of the key that operation {@code operation} reads, with {@code count} the run's -n. */
    long keyIndex(long operation, long count) {
        return operation % (keys == null ? count : keys);
    }
}
