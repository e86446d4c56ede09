package dev.o3.faults;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs the Porcupine checker ({@code src/main/go}, built once with the Go toolchain and the pinned go.sum) on a
 * history. A machine without Go, or a checker that does not build, fails the run: a campaign that cannot check
 * linearizability has not passed. A search that does not end within its timeout is Unknown: the checker answers so
 * itself at the timeout, and a checker process still alive {@link #GRACE} later is killed.
 */
final class Linearizability {
    private static final Object BUILD_LOCK = new Object();
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration GRACE = Duration.ofSeconds(30);
    private static final Logger LOG = LoggerFactory.getLogger(Linearizability.class);

    private final Path source;
    private final Path binary;

    Linearizability(Path source, Path binary) {
        this.source = source;
        this.binary = binary;
    }

    /** The checker's verdict: Ok, Illegal (some key) or Unknown (some key's search timed out, none illegal). */
    String check(List<Op> ops, Path directory, Duration timeout) throws IOException, InterruptedException {
        build();
        List<Map<String, Object>> records = new ArrayList<>();
        for (Op op : HistoryCheck.forChecker(ops)) {
            Map<String, Object> record = new LinkedHashMap<>();
            record.put("client", op.client());
            record.put("key", op.key());
            record.put("op", op.op());
            record.put("value", op.value());
            record.put("call", op.call());
            record.put("return", op.ret());
            records.add(record);
        }
        Path history = directory.resolve("porcupine-history.json");
        JSON.writeValue(history.toFile(), records);
        Process process = new ProcessBuilder(
                        binary.toString(), history.toString(), directory.toString(), Long.toString(timeout.toSeconds()))
                .redirectErrorStream(true)
                .redirectOutput(directory.resolve("linearizability.log").toFile())
                .start();
        try {
            if (!process.waitFor(timeout.plus(GRACE).toMillis(), TimeUnit.MILLISECONDS)) {
                LOG.warn(
                        "Porcupine checker still running {} after its {} timeout; killed, verdict Unknown",
                        GRACE,
                        timeout);
                return "Unknown";
            }
        } finally {
            process.destroyForcibly();
        }
        return switch (process.exitValue()) {
            case 0 -> "Ok";
            case 1 -> "Illegal";
            case 2 -> "Unknown";
            default -> throw new IOException("Porcupine checker failed: "
                    + Files.readString(directory.resolve("linearizability.log")).strip());
        };
    }

    private void build() throws IOException, InterruptedException {
        synchronized (BUILD_LOCK) {
            if (Files.isExecutable(binary) && Files.getLastModifiedTime(binary).compareTo(newestSource()) > 0) {
                return;
            }
            Path go = goTool().orElseThrow(() -> new IOException("no Go toolchain (go on PATH, /usr/local/go/bin/go or"
                    + " $O3_GO) to build the Porcupine checker in " + source
                    + "; install one (Debian: apt-get install golang-go; .ci/run does)"));
            Files.createDirectories(binary.getParent());
            ProcessBuilder builder = new ProcessBuilder(
                            go.toString(), "build", "-mod=readonly", "-o", binary.toString(), ".")
                    .directory(source.toFile())
                    .redirectErrorStream(true);
            if (System.getenv("HOME") == null && System.getenv("GOCACHE") == null) {
                builder.environment()
                        .put("GOCACHE", binary.resolveSibling("go-cache").toString());
                builder.environment()
                        .put("GOPATH", binary.resolveSibling("go-path").toString());
            }
            Process process = builder.start();
            String output =
                    new String(process.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
            if (!process.waitFor(10, TimeUnit.MINUTES) || process.exitValue() != 0) {
                throw new IOException(
                        "cannot build the Porcupine checker in " + source + " with " + go + ": " + output);
            }
        }
    }

    private java.nio.file.attribute.FileTime newestSource() throws IOException {
        try (Stream<Path> files = Files.list(source)) {
            java.nio.file.attribute.FileTime newest = java.nio.file.attribute.FileTime.fromMillis(0);
            for (Path file : files.toList()) {
                java.nio.file.attribute.FileTime time = Files.getLastModifiedTime(file);
                if (time.compareTo(newest) > 0) {
                    newest = time;
                }
            }
            return newest;
        }
    }

    private static Optional<Path> goTool() {
        List<Path> candidates = new ArrayList<>();
        Optional.ofNullable(System.getenv("O3_GO")).map(Path::of).ifPresent(candidates::add);
        java.util.regex.Pattern.compile(":")
                .splitAsStream(System.getenv().getOrDefault("PATH", ""))
                .filter(dir -> !dir.isEmpty())
                .forEach(dir -> candidates.add(Path.of(dir, "go")));
        candidates.add(Path.of("/usr/local/go/bin/go"));
        candidates.add(Path.of("/usr/lib/go/bin/go"));
        return candidates.stream().filter(Files::isExecutable).findFirst();
    }
}
