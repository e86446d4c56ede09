package dev.o3.freon.generator;

import dev.o3.client.api.ObjectStore;
import dev.o3.client.api.OzoneBucket;
import dev.o3.client.api.OzoneClient;
import dev.o3.client.cli.ConfigOptions;
import dev.o3.client.om.OmException;
import dev.o3.common.config.OzoneConfiguration;
import dev.o3.freon.report.LatencyPlot;
import dev.o3.freon.report.LoadReport;
import dev.o3.freon.report.ReportJson;
import dev.o3.freon.runner.AsyncOperation;
import dev.o3.freon.runner.LoadPlan;
import dev.o3.freon.runner.LoadRunner;
import dev.o3.freon.runner.Operation;
import dev.o3.freon.runner.ProgressListener;
import dev.o3.freon.runner.ProgressPrinter;
import dev.o3.proto.om.OmStatus;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * What every generator shares: the load plan options, the target volume and bucket, the client, and the report
 * (summary, {@code --json}, {@code --plot}). Exits 0 when every operation succeeded, 1 otherwise.
 */
public abstract class Generator implements Callable<Integer> {
    /** Far above any measured run's indexes. */
    static final long WARMUP_FIRST_INDEX = 1L << 40;

    @Mixin
    private ConfigOptions config;

    @Option(
            names = {"-n", "--number-of-tests"},
            paramLabel = "N",
            description = "Operations to run (default 1000 unless --duration is given).")
    private Long count;

    @Option(names = "--duration", paramLabel = "DURATION", description = "Run for this long instead, e.g. 60s, 5m.")
    private String duration;

    @Option(
            names = "--warmup",
            paramLabel = "DURATION",
            description = "First run the same load for this long, uncounted, so that the JIT compilers of freon and of"
                    + " the servers are done before measuring (writers use other key names meanwhile), e.g. 20s.")
    private String warmup;

    @Option(
            names = {"-t", "--threads"},
            defaultValue = "10",
            description = "Concurrent workers (default: ${DEFAULT-VALUE}).")
    private int threads;

    @Option(
            names = "--in-flight",
            paramLabel = "N",
            description = "Keep N operations in flight through the asynchronous API, each started when one finishes,"
                    + " instead of -t blocking threads (omkr, omkg, om-echo).")
    private Integer inFlight;

    @Option(
            names = {"-v", "--volume"},
            defaultValue = "vol1",
            description = "Volume (created if missing; default: ${DEFAULT-VALUE}).")
    private String volume;

    @Option(
            names = {"-b", "--bucket"},
            defaultValue = "bucket1",
            description = "Bucket (created if missing; default: ${DEFAULT-VALUE}).")
    private String bucket;

    @Option(
            names = {"-p", "--prefix"},
            defaultValue = "freon",
            description = "Key name prefix; keys are PREFIX/INDEX (default: ${DEFAULT-VALUE}).")
    private String prefix;

    @Option(names = "--json", paramLabel = "FILE", description = "Write the summary and the histogram as JSON.")
    private Path json;

    @Option(names = "--plot", paramLabel = "FILE", description = "Plot the latency distribution (.png or .svg).")
    private Path plot;

    @Option(names = "--user", defaultValue = "${sys:user.name}", description = "User to act as.")
    private String user;

    @Spec
    private CommandSpec spec;

    @Override
    public final Integer call() throws IOException, InterruptedException {
        LoadPlan plan = plan();
        validate();
        PrintWriter err = spec.commandLine().getErr();
        OzoneConfiguration conf = config.load();
        List<AutoCloseable> resources = new ArrayList<>();
        try (OzoneClient client = OzoneClient.create(conf, user)) {
            ProgressPrinter progress = new ProgressPrinter(err, isTerminal(), Duration.ofSeconds(10));
            RunnerFactory runners = runners(conf, client, resources);
            if (warmup != null) {
                LoadPlan warm = LoadPlan.lasting(parseDuration(warmup), plan.threads());
                LoadReport warmed = runners.runner(
                                spec.name() + "-warmup", warm, WARMUP_FIRST_INDEX, ProgressListener.NONE)
                        .run();
                err.printf(
                        "warm-up: %d operations (%d failed) in %.1f s, not counted%n",
                        warmed.operations(), warmed.failures(), warmed.elapsed().toMillis() / 1000.0);
            }
            LoadReport report = runners.runner(spec.name(), plan, 0, progress).run();
            report.print(spec.commandLine().getOut());
            if (json != null) {
                ReportJson.write(json, report);
            }
            if (plot != null) {
                LatencyPlot.write(plot, "ozone freon " + spec.name(), List.of(report));
            }
            return report.failures() == 0 ? 0 : 1;
        } finally {
            closeAll(resources);
        }
    }

    /**
     * Runners of this generator's one prepared operation. The warm-up's indexes start at {@link #WARMUP_FIRST_INDEX},
     * so that writers do not create the measured run's keys ahead of it (readers take indexes modulo their keys).
     */
    private RunnerFactory runners(OzoneConfiguration conf, OzoneClient client, List<AutoCloseable> resources)
            throws IOException {
        if (inFlight == null) {
            Operation operation = prepare(conf, client, resources);
            return (name, plan, first, progress) ->
                    new LoadRunner(name, plan, index -> operation.run(first + index), progress, System::nanoTime);
        }
        AsyncOperation operation = prepareAsync(conf, client, resources);
        return (name, plan, first, progress) ->
                LoadRunner.inFlight(name, plan, index -> operation.start(first + index), progress, System::nanoTime);
    }

    @FunctionalInterface
    private interface RunnerFactory {
        LoadRunner runner(String name, LoadPlan plan, long firstIndex, ProgressListener progress);
    }

    /** Checks the generator's own options; throws IllegalArgumentException with a one-line message. */
    abstract void validate();

    /**
     * Sets up the target and returns the operation for index i; anything it opens goes into {@code resources},
     * closed after the run.
     */
    abstract Operation prepare(OzoneConfiguration conf, OzoneClient client, List<AutoCloseable> resources)
            throws IOException;

    /** Whether {@link #prepareAsync} is implemented, i.e. {@code --in-flight} is allowed. */
    boolean hasAsyncMode() {
        return false;
    }

    /**
     * As {@link #prepare}, for {@code --in-flight}: the operation for index i started without blocking. Only called
     * when {@link #hasAsyncMode()}.
     */
    AsyncOperation prepareAsync(OzoneConfiguration conf, OzoneClient client, List<AutoCloseable> resources)
            throws IOException {
        throw new UnsupportedOperationException(spec.name() + " has no asynchronous mode");
    }

    /** The user the load acts as. */
    String user() {
        return user;
    }

    String bucketName() {
        return bucket;
    }

    String keyName(long index) {
        return keyPrefix() + index;
    }

    /** What every key name of this run starts with. */
    String keyPrefix() {
        return prefix + "/";
    }

    long count() {
        return count == null ? 1000 : count;
    }

    int threads() {
        return threads;
    }

    private LoadPlan plan() {
        if (duration != null && count != null) {
            throw new IllegalArgumentException("give either -n or --duration, not both");
        }
        int concurrency = threads;
        if (inFlight != null) {
            if (!hasAsyncMode()) {
                throw new IllegalArgumentException(spec.name() + " has no asynchronous mode: use -t, not --in-flight");
            }
            if (inFlight < 1) {
                throw new IllegalArgumentException("--in-flight must be at least 1, not " + inFlight);
            }
            concurrency = inFlight;
        }
        if (duration != null) {
            return LoadPlan.lasting(parseDuration(duration), concurrency);
        }
        return LoadPlan.count(count(), concurrency);
    }

    /** The generator's volume and bucket, created if missing. */
    OzoneBucket bucket(ObjectStore store) {
        return bucket(store, bucket);
    }

    /** The bucket {@code bucket} of the generator's volume, both created if missing. */
    OzoneBucket bucket(ObjectStore store, String bucket) {
        try {
            store.createVolume(volume, Optional.empty());
        } catch (OmException e) {
            if (e.status() != OmStatus.VOLUME_ALREADY_EXISTS) {
                throw e;
            }
        }
        try {
            store.getVolume(volume).createBucket(bucket, "OBJECT_STORE", 3);
        } catch (OmException e) {
            if (e.status() != OmStatus.BUCKET_ALREADY_EXISTS) {
                throw e;
            }
        }
        return store.getVolume(volume).getBucket(bucket);
    }

    private static void closeAll(List<AutoCloseable> resources) {
        for (AutoCloseable resource : resources) {
            try {
                resource.close();
            } catch (Exception e) {
                throw new IllegalStateException("cannot close " + resource + ": " + e.getMessage(), e);
            }
        }
    }

    // On the JDK 17 we target, a null console is exactly "not a terminal".
    @SuppressWarnings("SystemConsoleNull")
    private static boolean isTerminal() {
        return System.console() != null;
    }

    private static Duration parseDuration(String text) {
        return dev.o3.common.config.ConfigType.DURATION_TYPE.parse(text);
    }
}
