package dev.o3.freon.generator;

import dev.o3.client.api.OzoneBucket;
import dev.o3.freon.runner.Operation;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code cache-replay}: reads the keys a trace names ({@code ozone freon cache-trace}), in the trace's order, from keys
 * written by {@code ockg} (same prefix, volume and bucket): operation i reads the key on line {@code i mod lines}.
 */
@Command(
        name = "cache-replay",
        mixinStandardHelpOptions = true,
        description = "Replay a read trace (cache-trace) against keys written by ockg (same -p, -v, -b; the trace's"
                + " key indexes must be below ockg's -n): operation i reads the key on line i mod lines, so -n LINES"
                + " replays the trace once.")
public final class TraceReplayer extends BucketGenerator {
    @Option(names = "--trace", required = true, paramLabel = "FILE", description = "Trace: one key index per line.")
    private Path trace;

    private long[] keys;

    @Override
    void validate() {
        try {
            keys = Files.readAllLines(trace).stream()
                    .map(String::trim)
                    .filter(line -> !line.isEmpty() && !line.startsWith("#"))
                    .mapToLong(Long::parseLong)
                    .toArray();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read trace " + trace, e);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(trace + " is not a trace (one key index per line): " + e.getMessage());
        }
        if (keys.length == 0) {
            throw new IllegalArgumentException(trace + " holds no reads");
        }
    }

    @Override
    Operation operation(OzoneBucket bucket) {
        return index -> {
            String key = keyName(keys[(int) (index % keys.length)]);
            try (InputStream in = bucket.readKey(key)) {
                return in.readAllBytes().length;
            }
        };
    }
}
