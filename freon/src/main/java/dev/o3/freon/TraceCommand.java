package dev.o3.freon;

import dev.o3.common.workload.ZipfTrace;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code ozone freon cache-trace}: writes a synthetic read trace with the shape of seed 002's datanode traces (few keys
 * read, Zipf popularity), one key index per line, for {@code cache-replay} and the cache simulator.
 */
@Command(
        name = "cache-trace",
        mixinStandardHelpOptions = true,
        description = "Write a Zipf-like read trace (one key index per line) for cache-replay and the cache simulator.")
public final class TraceCommand implements Callable<Integer> {
    @Option(names = "--keys", defaultValue = "10000", description = "Stored keys (default: ${DEFAULT-VALUE}).")
    private long keys;

    @Option(names = "--reads", defaultValue = "100000", description = "Reads (default: ${DEFAULT-VALUE}).")
    private int reads;

    @Option(
            names = "--read-fraction",
            defaultValue = "0.15",
            description = "Fraction of the keys read at all (default: ${DEFAULT-VALUE}).")
    private double readFraction;

    @Option(
            names = "--zipf",
            defaultValue = "1.1",
            description = "Zipf exponent of the read keys' popularity (default: ${DEFAULT-VALUE}).")
    private double exponent;

    @Option(names = "--seed", defaultValue = "1", description = "Random seed (default: ${DEFAULT-VALUE}).")
    private long seed;

    @Option(
            names = {"-o", "--output"},
            required = true,
            paramLabel = "FILE",
            description = "Trace file to write.")
    private Path output;

    @Spec
    private CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        ZipfTrace trace = ZipfTrace.generate(keys, reads, readFraction, exponent, seed);
        try (BufferedWriter out = Files.newBufferedWriter(output)) {
            for (long key : trace.reads()) {
                out.write(Long.toString(key));
                out.newLine();
            }
        }
        PrintWriter out = spec.commandLine().getOut();
        int top = (int) Math.max(1, keys / 100);
        out.printf(
                "%d reads of %d keys: %.1f%% of the keys read, the top %d keys (1%%) take %.1f%% of the reads%n",
                reads, keys, 100 * trace.fractionOfKeysRead(), top, 100 * trace.shareOfTop(top));
        return 0;
    }
}
