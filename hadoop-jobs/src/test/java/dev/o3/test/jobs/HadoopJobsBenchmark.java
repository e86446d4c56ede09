package dev.o3.test.jobs;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocatedFileStatus;
import org.apache.hadoop.fs.RemoteIterator;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.services.s3.S3Client;

/**
 * The Hadoop benchmarks of docs/benchmarks.md, over {@code ofs://} and {@code s3a://} on one MiniO3Cluster in the
 * same run, alternating: TestDFSIO write and read, TeraGen and TeraSort wall time, renaming a directory of many files,
 * listing a large tree. {@code benchmarks/hadoop-jobs.sh} runs it; the figures go to the file named by the first
 * argument.
 *
 * <p>Arguments: {@code OUTPUT WORKDIR ROUNDS DFSIO_FILES DFSIO_MB TERA_ROWS RENAME_FILES LIST_FILES}; 0 rounds, rows
 * or files skip that part.
 */
public final class HadoopJobsBenchmark {
    private static final int THREADS = 16;
    private static final int FILES_PER_DIR = 1000;

    private final JobCluster cluster;
    private final PrintWriter out;

    private HadoopJobsBenchmark(JobCluster cluster, PrintWriter out) {
        this.cluster = cluster;
        this.out = out;
    }

    public static void main(String[] args) throws Exception {
        if (args.length != 8) {
            throw new IllegalArgumentException(
                    "usage: OUTPUT WORKDIR ROUNDS DFSIO_FILES DFSIO_MB TERA_ROWS RENAME_FILES LIST_FILES");
        }
        int rounds = Integer.parseInt(args[2]);
        try (PrintWriter out =
                        new PrintWriter(Files.newBufferedWriter(Path.of(args[0]), StandardCharsets.UTF_8), true);
                JobCluster cluster = JobCluster.start(Path.of(args[1]))) {
            HadoopJobsBenchmark benchmark = new HadoopJobsBenchmark(cluster, out);
            out.printf("load at start: %s%n", loadAverage());
            List<JobTarget> targets = List.of(cluster.ofs(), cluster.s3a());
            for (int round = 0; round < rounds && Integer.parseInt(args[3]) > 0; round++) {
                // Alternate which file system goes first, so a burst of load elsewhere does not always hit one.
                List<JobTarget> order = round % 2 == 0 ? targets : List.of(targets.get(1), targets.get(0));
                benchmark.dfsio(order, round, Integer.parseInt(args[3]), Integer.parseInt(args[4]));
            }
            // 0 skips a part.
            for (int round = 0; round < rounds && Long.parseLong(args[5]) > 0; round++) {
                List<JobTarget> order = round % 2 == 0 ? targets : List.of(targets.get(1), targets.get(0));
                benchmark.teraSort(order, round, Long.parseLong(args[5]));
            }
            if (Integer.parseInt(args[6]) > 0) {
                benchmark.rename(targets.get(0), targets.get(1), Integer.parseInt(args[6]));
            }
            if (Integer.parseInt(args[7]) > 0) {
                benchmark.list(targets.get(0), targets.get(1), Integer.parseInt(args[7]));
            }
            out.printf("load at end: %s%n", loadAverage());
        }
        // TestDFSIO leaves the thread pool that wrote its control files running (not daemon threads).
        System.exit(0);
    }

    private void dfsio(List<JobTarget> order, int round, int files, int megabytes) throws Exception {
        for (String mode : List.of("write", "read")) {
            for (JobTarget target : order) {
                long start = System.nanoTime();
                double throughput = HadoopJobs.dfsio(target, mode, files, megabytes);
                out.printf(
                        Locale.ROOT,
                        "round %d TestDFSIO -%s %d x %d MB over %s: %.1f MB/s (job %.1f s, load %s)%n",
                        round,
                        mode,
                        files,
                        megabytes,
                        target,
                        throughput,
                        seconds(start),
                        loadAverage());
            }
        }
    }

    private void teraSort(List<JobTarget> order, int round, long rows) throws Exception {
        for (JobTarget target : order) {
            org.apache.hadoop.fs.Path generated = target.path("bench-tera/" + round + "/gen");
            org.apache.hadoop.fs.Path sorted = target.path("bench-tera/" + round + "/sorted");
            long start = System.nanoTime();
            HadoopJobs.teraGen(target, rows, generated);
            double gen = seconds(start);
            start = System.nanoTime();
            HadoopJobs.teraSort(target, generated, sorted, 2);
            double sort = seconds(start);
            List<String> report =
                    HadoopJobs.teraValidate(target, sorted, target.path("bench-tera/" + round + "/report"));
            out.printf(
                    Locale.ROOT,
                    "round %d TeraGen %d rows (%d MB) over %s: %.1f s; TeraSort: %.1f s; TeraValidate: %s (load %s)%n",
                    round,
                    rows,
                    rows * 100 / 1_000_000,
                    target,
                    gen,
                    sort,
                    report,
                    loadAverage());
        }
    }

    /** A directory of {@code files} empty files renamed: one OM transaction on ofs, a copy and a delete each on s3a. */
    private void rename(JobTarget ofs, JobTarget s3a, int files) throws Exception {
        org.apache.hadoop.fs.Path ofsDir = ofs.path("bench-rename/src");
        long start = System.nanoTime();
        createOverOfs(ofs, ofsDir, files);
        out.printf(Locale.ROOT, "created %d files over ofs in %.1f s%n", files, seconds(start));
        start = System.nanoTime();
        putOverS3("bench-rename/src/", files);
        out.printf(Locale.ROOT, "created %d objects over S3 in %.1f s%n", files, seconds(start));
        for (JobTarget target : List.of(ofs, s3a)) {
            org.apache.hadoop.fs.Path source = target.path("bench-rename/src");
            org.apache.hadoop.fs.Path dest = target.path("bench-rename/dst");
            try (FileSystem fs = FileSystem.newInstance(source.toUri(), target.conf())) {
                start = System.nanoTime();
                boolean renamed = fs.rename(source, dest);
                double took = seconds(start);
                long moved = count(fs, dest);
                out.printf(
                        Locale.ROOT,
                        "rename of a directory of %d files over %s: %.3f s (renamed %s, %d files at the target, load"
                                + " %s)%n",
                        files,
                        target,
                        took,
                        renamed,
                        moved,
                        loadAverage());
            }
        }
    }

    /**
     * A tree of {@code files} empty files ({@value #FILES_PER_DIR} a directory) listed with {@code listFiles(dir,
     * true)}: the gateway bucket's tree over s3a and over ofs (an OBJECT_STORE bucket to ofs), and an FSO tree over
     * ofs.
     */
    private void list(JobTarget ofs, JobTarget s3a, int files) throws Exception {
        long start = System.nanoTime();
        putOverS3("bench-list/", files);
        out.printf(Locale.ROOT, "created %d objects over S3 in %.1f s%n", files, seconds(start));
        start = System.nanoTime();
        createOverOfs(ofs, ofs.path("bench-list"), files);
        out.printf(Locale.ROOT, "created %d files over ofs in %.1f s%n", files, seconds(start));
        org.apache.hadoop.fs.Path ofsRoot = ofs.root();
        org.apache.hadoop.fs.Path gatewayBucketOverOfs =
                new org.apache.hadoop.fs.Path(ofsRoot.toUri().getScheme() + "://"
                        + ofsRoot.toUri().getAuthority() + "/s3v/" + JobCluster.S3_BUCKET + "/bench-list");
        for (int round = 0; round < 2; round++) {
            listOnce("s3a, gateway bucket", s3a, s3a.path("bench-list"), files);
            listOnce("ofs, same gateway bucket (OBJECT_STORE)", ofs, gatewayBucketOverOfs, files);
            listOnce("ofs, FSO bucket", ofs, ofs.path("bench-list"), files);
        }
    }

    private void listOnce(String what, JobTarget target, org.apache.hadoop.fs.Path dir, int files) throws IOException {
        try (FileSystem fs = FileSystem.newInstance(dir.toUri(), target.conf())) {
            long start = System.nanoTime();
            long listed = count(fs, dir);
            out.printf(
                    Locale.ROOT,
                    "listFiles(recursive) of %d files over %s: %.2f s (%d listed, load %s)%n",
                    files,
                    what,
                    seconds(start),
                    listed,
                    loadAverage());
        }
    }

    private static long count(FileSystem fs, org.apache.hadoop.fs.Path dir) throws IOException {
        long count = 0;
        RemoteIterator<LocatedFileStatus> iterator = fs.listFiles(dir, true);
        while (iterator.hasNext()) {
            iterator.next();
            count++;
        }
        return count;
    }

    private static void createOverOfs(JobTarget ofs, org.apache.hadoop.fs.Path dir, int files) throws Exception {
        try (FileSystem fs = FileSystem.newInstance(dir.toUri(), ofs.conf())) {
            for (int d = 0; d * FILES_PER_DIR < files; d++) {
                fs.mkdirs(new org.apache.hadoop.fs.Path(dir, "d" + d));
            }
            parallel(files, i -> fs.create(new org.apache.hadoop.fs.Path(dir, name(i)), false)
                    .close());
        }
    }

    private void putOverS3(String prefix, int files) throws Exception {
        try (S3Client s3 = cluster.s3Client()) {
            parallel(
                    files,
                    i -> s3.putObject(
                            request -> request.bucket(JobCluster.S3_BUCKET).key(prefix + name(i)),
                            RequestBody.empty()));
        }
    }

    private static String name(int i) {
        return "d" + (i / FILES_PER_DIR) + "/f" + i;
    }

    /** Runs {@code task} for 0..count-1 on {@value #THREADS} threads; the first failure fails the whole. */
    private static void parallel(int count, IndexTask task) throws Exception {
        ExecutorService executor = Executors.newFixedThreadPool(THREADS);
        try {
            List<Future<Void>> futures = new ArrayList<>();
            for (int t = 0; t < THREADS; t++) {
                int first = t;
                Callable<Void> slice = () -> {
                    for (int i = first; i < count; i += THREADS) {
                        task.run(i);
                    }
                    return null;
                };
                futures.add(executor.submit(slice));
            }
            for (Future<Void> future : futures) {
                future.get();
            }
        } finally {
            executor.shutdownNow();
        }
    }

    private static double seconds(long startNanos) {
        return (System.nanoTime() - startNanos) / 1e9;
    }

    private static String loadAverage() throws IOException {
        // "1-min 5-min 15-min running/total last-pid"
        String loadavg = Files.readString(Path.of("/proc/loadavg"));
        int end = 0;
        for (int field = 0; field < 3; field++) {
            end = loadavg.indexOf(' ', end + 1);
        }
        return loadavg.substring(0, end);
    }

    /** One step of a parallel population. */
    @FunctionalInterface
    private interface IndexTask {
        void run(int index) throws Exception;
    }
}
