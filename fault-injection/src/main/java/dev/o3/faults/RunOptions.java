package dev.o3.faults;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * What one campaign session does: {@code runs} runs, seeds {@code seed} to {@code seed + runs - 1}, one after another
 * on one cluster (each on a bucket of its own, each ending with the cluster's recovery and the checks).
 *
 * @param keys the keys active at a time ({@link KeySpace})
 * @param opsPerKey operations in a key's history before it is replaced by a fresh one
 * @param unknownPerKey writes of unknown outcome on a key before it is replaced by a fresh one
 * @param checkerTimeout Porcupine's time for a run's history; a key not decided by then is reported Unknown
 * @param output where the cluster and its logs go, and each run's history and report (in {@code seed-N/})
 * @param distribution the unpacked tarball (with bin/ozone)
 * @param checker the Porcupine checker's Go sources
 */
record RunOptions(
        long seed,
        int runs,
        Duration duration,
        List<FaultKind> faults,
        int clients,
        int keys,
        int opsPerKey,
        int unknownPerKey,
        Duration checkerTimeout,
        int datanodes,
        int portBase,
        Path output,
        Path distribution,
        Path checker) {

    RunOptions {
        if (runs < 1 || clients < 1 || keys < 1 || opsPerKey < 1 || unknownPerKey < 1 || datanodes < 5) {
            throw new IllegalArgumentException("need at least 1 run, 1 client, 1 key, 1 operation and 1 unknown write"
                    + " per key, and 5 datanodes");
        }
        if (checkerTimeout.toSeconds() < 1) {
            throw new IllegalArgumentException("the checker timeout must be at least 1 s: " + checkerTimeout);
        }
        faults = List.copyOf(faults);
    }
}
