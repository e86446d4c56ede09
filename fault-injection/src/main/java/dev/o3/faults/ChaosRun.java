package dev.o3.faults;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.o3.client.api.OzoneClient;
import dev.o3.client.api.S3Secret;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import software.amazon.awssdk.services.s3.model.BucketAlreadyOwnedByYouException;

/**
 * A campaign session: starts the cluster, then for each seed runs the workload on a fresh bucket while faults are
 * injected, lets the cluster recover on its own, reads every key back, checks the history (acknowledged writes kept,
 * no torn reads, exact listings, Porcupine) and writes {@code seed-N/report.json} and {@code seed-N/history.json};
 * the daemons' logs stay in {@code cluster/}.
 */
final class ChaosRun {
    private static final Logger LOG = LoggerFactory.getLogger(ChaosRun.class);
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    private static final Duration FINAL_READS = Duration.ofMinutes(5);
    // Ten JVMs start in under a minute on an idle 2-vCPU machine; at load average 100 they took over 3 minutes.
    private static final Duration CLUSTER_START = Duration.ofMinutes(5);

    private final RunOptions options;

    ChaosRun(RunOptions options) {
        this.options = options;
    }

    /** Runs every seed; each report's {@code passed} says whether every check held. */
    List<Map<String, Object>> run() throws IOException, InterruptedException {
        // A previous session in the same place (a rerun of the CI seed) would leave its metadata to the new daemons.
        DataCleaner.removeTree(options.output());
        Path output = Files.createDirectories(options.output());
        List<Map<String, Object>> reports = new ArrayList<>();
        ClusterSpec spec = new ClusterSpec(
                options.distribution(), output.resolve("cluster"), options.portBase(), options.datanodes());
        long started = System.nanoTime();
        try (ProcessCluster cluster = new ProcessCluster(spec)) {
            cluster.start(CLUSTER_START);
            long startSeconds = (System.nanoTime() - started) / 1_000_000_000;
            String user = System.getProperty("user.name");
            S3Secret secret;
            try (OzoneClient admin = OzoneClient.create(cluster.clientConfiguration(), user)) {
                secret = admin.objectStore().getS3Secret(user);
            }
            try (S3Store s3 = new S3Store(URI.create(spec.gatewayEndpoint()), secret.accessKey(), secret.secret())) {
                for (int i = 0; i < options.runs(); i++) {
                    Map<String, Object> report = round(cluster, s3, user, options.seed() + i);
                    report.put("clusterStartSeconds", startSeconds);
                    report.put("roundOfCluster", i + 1);
                    JSON.writeValue(
                            seedDirectory(options.seed() + i)
                                    .resolve("report.json")
                                    .toFile(),
                            report);
                    reports.add(report);
                }
            }
        } catch (IOException | RuntimeException e) {
            LOG.error("session from seed {} failed", options.seed(), e);
            Map<String, Object> report = new LinkedHashMap<>();
            long seed = options.seed() + reports.size();
            report.put("seed", seed);
            report.put("failures", List.of("session aborted: " + Workload.describe(e)));
            report.put("passed", false);
            JSON.writeValue(seedDirectory(seed).resolve("report.json").toFile(), report);
            reports.add(report);
        }
        return reports;
    }

    private Path seedDirectory(long seed) throws IOException {
        return Files.createDirectories(options.output().resolve("seed-" + seed));
    }

    private Map<String, Object> round(ProcessCluster cluster, S3Store s3, String user, long seed)
            throws IOException, InterruptedException {
        Map<String, Object> report = new LinkedHashMap<>();
        report.put("seed", seed);
        report.put("durationSeconds", options.duration().toSeconds());
        report.put(
                "faultsRequested",
                options.faults().stream().map(FaultKind::label).toList());
        List<String> failures = new ArrayList<>();
        History history = new History();
        long started = System.nanoTime();
        String bucket = "chaos-" + seed;
        KeySpace keys = new KeySpace(options.keys(), options.opsPerKey(), options.unknownPerKey());
        try {
            createBucket(s3, bucket);
            try (NativeStore ozone = new NativeStore(cluster.clientConfiguration(), user, "s3v", bucket)) {
                S3Store.Bucket s3Bucket = s3.bucket(bucket);
                FaultInjector faults = campaign(cluster, seed, s3Bucket, ozone, keys, history, report, failures);
                Recovery recovery = new Recovery(cluster);
                recovery.await(Duration.ofMinutes(3));
                report.put("recovery", recovery.report());
                failures.addAll(recovery.failures());
                Map<String, String> finals = finalReads(s3Bucket, ozone, keys, history);
                check(seed, history, finals, report, failures);
                report.put("faults", faults.events());
            }
        } catch (IOException | RuntimeException e) {
            LOG.error("run {} failed", seed, e);
            failures.add("run aborted: " + Workload.describe(e));
        } finally {
            JSON.writeValue(seedDirectory(seed).resolve("history.json").toFile(), history.ops());
        }
        report.put("wallSeconds", (System.nanoTime() - started) / 1_000_000_000);
        report.put("failures", failures);
        report.put("passed", failures.isEmpty());
        return report;
    }

    private FaultInjector campaign(
            ProcessCluster cluster,
            long seed,
            S3Store.Bucket s3,
            NativeStore ozone,
            KeySpace keys,
            History history,
            Map<String, Object> report,
            List<String> failures)
            throws InterruptedException {
        Workload workload = new Workload(seed, keys, s3, ozone, history);
        FaultInjector faults = new FaultInjector(cluster, seed, options.faults(), System.nanoTime());
        workload.start(options.clients());
        faults.start();
        LockSupport.parkNanos(options.duration().toNanos());
        try {
            faults.stop();
        } catch (InterruptedException e) {
            throw e;
        } catch (Exception e) {
            failures.add("fault injection failed: " + Workload.describe(e));
        }
        if (Thread.currentThread().isInterrupted()) {
            throw new InterruptedException("campaign of seed " + seed + " interrupted");
        }
        workload.stop(Duration.ofSeconds(30));
        Map<String, Integer> byKind = new TreeMap<>();
        Map<String, String> skipped = new TreeMap<>();
        for (FaultEvent event : faults.events()) {
            if (event.skipped().isEmpty()) {
                byKind.merge(event.kind(), 1, Integer::sum);
            } else {
                skipped.put(event.kind(), event.skipped());
            }
        }
        report.put("faultsByKind", byKind);
        report.put("faultsSkipped", skipped);
        return faults;
    }

    private static void createBucket(S3Store s3, String bucket) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(2);
        while (true) {
            try {
                s3.createBucket(bucket);
                return;
            } catch (BucketAlreadyOwnedByYouException createdByAnEarlierAttempt) {
                // An attempt that timed out (a loaded machine) had created it.
                return;
            } catch (RuntimeException notYet) {
                if (System.nanoTime() > deadline) {
                    throw notYet;
                }
                Thread.sleep(1000);
            }
        }
    }

    /**
     * Every key the workload used read back through both clients, and both listings, recorded as operations of one
     * more client. Each read is retried while the cluster settles, all of them within {@link #FINAL_READS}.
     */
    private Map<String, String> finalReads(S3Store.Bucket s3, NativeStore ozone, KeySpace keySpace, History history)
            throws IOException {
        history.reopen();
        int client = options.clients();
        List<String> keys = keySpace.all();
        long deadline = System.nanoTime() + FINAL_READS.toNanos();
        Map<String, String> finals = new TreeMap<>();
        for (String key : keys) {
            for (KeyStore store : List.of(ozone, s3)) {
                long call = history.now();
                String value = retry(() -> store.get(key), deadline).orElse("");
                history.add(new Op(client, key, "get", value, call, history.now(), store.name(), Op.Outcome.OK, ""));
                finals.putIfAbsent(key, value);
            }
        }
        for (KeyStore store : List.of(ozone, s3)) {
            long call = history.now();
            Set<String> listed = retry(store::list, deadline);
            long ret = history.now();
            for (String key : keys) {
                history.add(Op.exists(client, key, listed.contains(key), call, ret, store.name()));
            }
            listed.stream()
                    .filter(key -> !keys.contains(key))
                    .forEach(key -> history.add(
                            new Op(client, key, "foreign", "", call, ret, store.name(), Op.Outcome.OK, "")));
        }
        return finals;
    }

    private void check(
            long seed, History history, Map<String, String> finals, Map<String, Object> report, List<String> failures)
            throws IOException, InterruptedException {
        List<Op> ops = history.ops();
        HistoryCheck check = new HistoryCheck(ops, finals, history);
        report.put("operations", ops.size());
        report.put("keys", finals.size());
        report.put("acknowledgedWrites", check.acknowledged());
        report.put("unknownWrites", check.unknown());
        report.put(
                "failedOperations",
                ops.stream().filter(op -> op.outcome() == Op.Outcome.FAILED).count());
        report.put("lost", check.lost());
        failures.addAll(check.failures());
        Path directory = seedDirectory(seed);
        String verdict = new Linearizability(options.checker(), options.output().resolve(".checker/linearizability"))
                .check(ops, directory, options.checkerTimeout());
        report.put("porcupine", verdict);
        report.put("linearizable", verdict.equals("Unknown") ? null : verdict.equals("Ok"));
        if (verdict.equals("Illegal")) {
            failures.add("history not linearizable; see " + directory.resolve("linearizability-*.html"));
        }
    }

    /** Retries {@code call} every 2 s until it succeeds; fails with its last error at the deadline. */
    private static <T> T retry(IoCall<T> call, long deadline) throws IOException {
        while (true) {
            try {
                return call.call();
            } catch (IOException | RuntimeException e) {
                if (System.nanoTime() > deadline) {
                    throw new IOException("final reads not done within " + FINAL_READS + ": " + e.getMessage(), e);
                }
                LockSupport.parkNanos(TimeUnit.SECONDS.toNanos(2));
                if (Thread.currentThread().isInterrupted()) {
                    throw new InterruptedIOException("interrupted during the final reads");
                }
            }
        }
    }

    /** A read that may fail while the cluster settles. */
    private interface IoCall<T> {
        T call() throws IOException;
    }
}
