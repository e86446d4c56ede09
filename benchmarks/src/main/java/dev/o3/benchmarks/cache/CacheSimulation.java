package dev.o3.benchmarks.cache;

import dev.o3.common.workload.ZipfTrace;
import dev.o3.datanode.cache.CacheSimulator;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Replays a read trace against every admission policy and several cache sizes (percent of the stored bytes) and
 * prints byte hit ratio, reuse of admitted pages and cache bytes written per byte served. Without {@code trace=} it
 * generates a trace of the seed's shape.
 *
 * <p>Arguments ({@code name=value}): {@code keys} (10000), {@code reads} (200000), {@code key-bytes} (1048576),
 * {@code page-bytes} (1048576), {@code sizes} (percent list, 0.5,1,2,5), {@code read-fraction} (0.15), {@code zipf}
 * (1.1), {@code seed} (1), {@code window-reads} (2), {@code window-minutes} (60), {@code reads-per-minute} (1000),
 * {@code trace} (file, one key index per line, as {@code ozone freon cache-trace} writes).
 */
public final class CacheSimulation {
    private static final PrintWriter OUT = new PrintWriter(
            new OutputStreamWriter(new FileOutputStream(FileDescriptor.out), StandardCharsets.UTF_8), true);

    private CacheSimulation() {}

    public static void main(String[] args) throws IOException {
        Map<String, String> options = new HashMap<>();
        for (String arg : args) {
            int equals = arg.indexOf('=');
            if (equals < 1) {
                throw new IllegalArgumentException("arguments are name=value: " + arg);
            }
            options.put(arg.substring(0, equals), arg.substring(equals + 1));
        }
        long keys = Long.parseLong(options.getOrDefault("keys", "10000"));
        long keyBytes = Long.parseLong(options.getOrDefault("key-bytes", "1048576"));
        int pageBytes = Integer.parseInt(options.getOrDefault("page-bytes", "1048576"));
        int windowReads = Integer.parseInt(options.getOrDefault("window-reads", "2"));
        int windowMinutes = Integer.parseInt(options.getOrDefault("window-minutes", "60"));
        long readsPerMinute = Long.parseLong(options.getOrDefault("reads-per-minute", "1000"));
        long[] trace;
        if (options.containsKey("trace")) {
            trace = Files.readAllLines(Path.of(options.get("trace"))).stream()
                    .map(String::trim)
                    .filter(line -> !line.isEmpty())
                    .mapToLong(Long::parseLong)
                    .toArray();
            keys = Math.max(keys, Arrays.stream(trace).max().orElse(0) + 1);
        } else {
            ZipfTrace generated = ZipfTrace.generate(
                    keys,
                    Integer.parseInt(options.getOrDefault("reads", "200000")),
                    Double.parseDouble(options.getOrDefault("read-fraction", "0.15")),
                    Double.parseDouble(options.getOrDefault("zipf", "1.1")),
                    Long.parseLong(options.getOrDefault("seed", "1")));
            trace = generated.reads();
            OUT.printf(
                    Locale.ROOT,
                    "trace: %d reads of %d keys, %.1f%% of keys read, top 1%% of keys take %.1f%% of reads%n",
                    trace.length,
                    keys,
                    100 * generated.fractionOfKeysRead(),
                    100 * generated.shareOfTop((int) Math.max(1, keys / 100)));
        }
        long stored = keys * keyBytes;
        OUT.printf(
                Locale.ROOT,
                "%-8s %7s %10s %10s %10s %12s%n",
                "policy",
                "cache%",
                "byte-hit%",
                "reuse%",
                "hit%",
                "written/read");
        for (String size : List.of(options.getOrDefault("sizes", "0.5,1,2,5").split(",", -1))) {
            long capacity = (long) (stored * Double.parseDouble(size) / 100);
            for (String policy : CacheSimulator.POLICIES) {
                CacheSimulator.Result result = CacheSimulator.run(
                        trace, keyBytes, pageBytes, capacity, policy, windowReads, windowMinutes, readsPerMinute);
                OUT.printf(
                        Locale.ROOT,
                        "%-8s %7s %10.1f %10.1f %10.1f %12.3f%n",
                        policy,
                        size,
                        100 * result.byteHitRatio(),
                        100 * result.reuseRatio(),
                        100.0 * result.hits() / result.reads(),
                        result.writtenPerServed());
            }
        }
    }
}
