package dev.o3.faults;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * The soak tier: one long run (or several seeds in a row) against the packaged daemons, each writing its JSON
 * report. Exit status 0 when every run passed, 1 when one failed (its seed, history and logs stay in its
 * directory).
 */
@Command(
        name = "soak",
        mixinStandardHelpOptions = true,
        description = "Fault-injection campaign on a process cluster of bin/ozone daemons; writes report.json per run.")
public final class SoakCommand implements Callable<Integer> {
    private static final Logger LOG = LoggerFactory.getLogger(SoakCommand.class);

    @Option(
            names = "--duration",
            defaultValue = "10m",
            description = "Workload and fault time per run (e.g. 90s, 30m).")
    private String duration;

    @Option(names = "--seed", defaultValue = "1", description = "Seed of the first run; run i uses seed + i.")
    private long seed;

    @Option(names = "--runs", defaultValue = "1", description = "Runs in a row, seeds seed to seed + runs - 1.")
    private int runs;

    @Option(
            names = "--runs-per-cluster",
            defaultValue = "1",
            description = "Runs that share one cluster (each on a bucket of its own, each ending with the recovery"
                    + " checks) before a fresh cluster starts.")
    private int runsPerCluster;

    @Option(
            names = "--faults",
            defaultValue = "all",
            description = "Fault kinds: all, or a comma-separated list of kill-datanode, kill-om-leader, kill-scm,"
                    + " kill-gateway, pause, disk-full, volume-failure, corrupt-block, truncate-block, clock-skew,"
                    + " partition.")
    private String faults;

    @Option(names = "--clients", defaultValue = "4", description = "Workload client threads.")
    private int clients;

    @Option(names = "--keys", defaultValue = "10", description = "Keys the workload shares at a time.")
    private int keys;

    @Option(
            names = "--ops-per-key",
            defaultValue = "150",
            description = "Operations in a key's history before the workload replaces it by a fresh key.")
    private int opsPerKey;

    @Option(
            names = "--unknown-per-key",
            defaultValue = "4",
            description = "Writes of unknown outcome on a key before the workload replaces it by a fresh key (each one"
                    + " multiplies Porcupine's search).")
    private int unknownPerKey;

    @Option(
            names = "--checker-timeout",
            defaultValue = "5m",
            description = "Porcupine's time per run; keys not decided by then make the verdict Unknown.")
    private String checkerTimeout;

    @Option(names = "--datanodes", defaultValue = "5", description = "Datanodes (at least 5).")
    private int datanodes;

    @Option(names = "--port-base", defaultValue = "23800", description = "First of the 100 ports the cluster uses.")
    private int portBase;

    @Option(names = "--output", defaultValue = "target/soak", description = "Directory of the runs' directories.")
    private Path output;

    @Option(names = "--dist", description = "Unpacked tarball with bin/ozone (default: the one under target/dist).")
    private Path distribution;

    @Option(names = "--checker", defaultValue = "src/main/go", description = "The Porcupine checker's Go sources.")
    private Path checker;

    @Option(names = "--keep-data", description = "Keep the datanodes' data of passed runs (logs are always kept).")
    private boolean keepData;

    public static void main(String[] args) {
        System.exit(new CommandLine(new SoakCommand()).execute(args));
    }

    @Override
    public Integer call() throws Exception {
        Path dist = distribution != null ? distribution : findDistribution(Path.of("target/dist"));
        boolean allPassed = true;
        for (int first = 0; first < runs; first += runsPerCluster) {
            long sessionSeed = seed + first;
            RunOptions options = new RunOptions(
                    sessionSeed,
                    Math.min(runsPerCluster, runs - first),
                    parse(duration),
                    FaultKind.parse(faults),
                    clients,
                    keys,
                    opsPerKey,
                    unknownPerKey,
                    parse(checkerTimeout),
                    datanodes,
                    portBase,
                    output.resolve("session-" + sessionSeed).toAbsolutePath(),
                    dist.toAbsolutePath(),
                    checker.toAbsolutePath());
            boolean sessionPassed = true;
            for (Map<String, Object> report : new ChaosRun(options).run()) {
                boolean passed = Boolean.TRUE.equals(report.get("passed"));
                LOG.info(
                        "seed {}: {} ops={} acknowledged={} lost={} linearizable={} faults={} failures={}",
                        report.get("seed"),
                        passed ? "PASSED" : "FAILED",
                        report.get("operations"),
                        report.get("acknowledgedWrites"),
                        report.get("lost"),
                        report.get("linearizable"),
                        report.get("faultsByKind"),
                        report.get("failures"));
                sessionPassed &= passed;
            }
            if (sessionPassed && !keepData) {
                DataCleaner.removeData(options.output().resolve("cluster"));
            }
            allPassed &= sessionPassed;
        }
        return allPassed ? 0 : 1;
    }

    private static Duration parse(String text) {
        return Duration.parse("PT" + text.toUpperCase(java.util.Locale.ROOT));
    }

    static Path findDistribution(Path directory) throws java.io.IOException {
        try (Stream<Path> found = Files.walk(directory, 2)) {
            return found.filter(path -> Files.isRegularFile(path.resolve("bin/ozone")))
                    .findFirst()
                    .orElseThrow(() -> new IllegalStateException("no bin/ozone under " + directory
                            + ": build with ./mvnw -pl fault-injection -am package -DskipTests"));
        }
    }
}
