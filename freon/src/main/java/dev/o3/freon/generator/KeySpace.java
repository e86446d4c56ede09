package dev.o3.freon.generator;

import picocli.CommandLine.Option;

/**
 * The {@code --keys} and {@code --random} options of the readers: how many of a writer's keys they read, and in which
 * order.
 */
final class KeySpace {
    @Option(
            names = "--keys",
            paramLabel = "K",
            description = "Read keys PREFIX/0 .. PREFIX/K-1 round-robin (default: -n, or 1000 with --duration);"
                    + " e.g. the writer's -n, for a --duration run.")
    private Long keys;

    @Option(
            names = "--random",
            description = "Read the keys in a uniformly random order instead of round-robin: each read is a key drawn"
                    + " from the K, independent of the key before it, as a server's cache sees a large namespace.")
    private boolean random;

    void validate() {
        if (keys != null && keys < 1) {
            throw new IllegalArgumentException("--keys must be at least 1, not " + keys);
        }
    }

    /** The index of the key that operation {@code operation} reads, with {@code count} the run's -n. */
    long keyIndex(long operation, long count) {
        long space = keys == null ? count : keys;
        return Math.floorMod(random ? mix(operation) : operation, space);
    }

    /**
     * SplitMix64's finalizer: a bijection of the longs whose outputs for consecutive inputs look independent, so
     * {@code mix(i) mod K} is uniform over K (to within K / 2^64) without shared state between threads.
     */
    static long mix(long value) {
        long z = value + 0x9E3779B97F4A7C15L;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
