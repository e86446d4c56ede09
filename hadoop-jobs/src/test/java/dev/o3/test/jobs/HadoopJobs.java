package dev.o3.test.jobs;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.examples.terasort.TeraGen;
import org.apache.hadoop.examples.terasort.TeraSort;
import org.apache.hadoop.examples.terasort.TeraValidate;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.util.Tool;
import org.apache.hadoop.util.ToolRunner;

/** Hadoop's own jobs, run unmodified through {@link ToolRunner} on a {@link JobTarget}, as {@code hadoop jar} would. */
final class HadoopJobs {
    private static final Pattern THROUGHPUT = Pattern.compile("Throughput mb/sec:\\s*([0-9.]+)");

    private HadoopJobs() {}

    /**
     * TestDFSIO {@code -write} or {@code -read} of {@code files} files of {@code megabytes} MB each under {@code
     * dfsio} of the target.
     *
     * @return the throughput TestDFSIO reports (MB/s, the total bytes over the sum of the maps' I/O times)
     * @throws IllegalStateException when the job fails
     */
    static double dfsio(JobTarget target, String mode, int files, int megabytes) throws Exception {
        Configuration conf = new Configuration(target.conf());
        conf.set("test.build.data", target.path("dfsio").toString());
        java.nio.file.Path results = Files.createTempFile(target.name() + "-dfsio-" + mode, ".log");
        try {
            run(
                    conf,
                    testDfsio(),
                    "-" + mode,
                    "-nrFiles",
                    Integer.toString(files),
                    "-size",
                    megabytes + "MB",
                    "-resFile",
                    results.toString());
            Matcher matcher = THROUGHPUT.matcher(Files.readString(results));
            if (!matcher.find()) {
                throw new IllegalStateException("TestDFSIO wrote no throughput to " + results);
            }
            return Double.parseDouble(matcher.group(1));
        } finally {
            Files.deleteIfExists(results);
        }
    }

    /**
     * TestDFSIO by name: its class carries JUnit 4 annotations, which javac reports as missing without JUnit 4 (banned
     * here) on the class path; running it needs none.
     */
    private static Tool testDfsio() throws ReflectiveOperationException {
        return Class.forName("org.apache.hadoop.fs.TestDFSIO")
                .asSubclass(Tool.class)
                .getDeclaredConstructor()
                .newInstance();
    }

    /** TestDFSIO's data files of a run (one per map). */
    static List<FileStatus> dfsioFiles(JobTarget target) throws IOException {
        Path data = new Path(target.path("dfsio"), "io_data");
        return List.of(data.getFileSystem(target.conf()).listStatus(data));
    }

    /** TeraGen: {@code rows} 100-byte rows into {@code out} (one file: local mode runs jobs with one map). */
    static void teraGen(JobTarget target, long rows, Path out) throws Exception {
        run(new Configuration(target.conf()), new TeraGen(), Long.toString(rows), out.toString());
    }

    /** TeraSort of {@code in} into {@code out} with {@code reduces} reduces (and as many output files). */
    static void teraSort(JobTarget target, Path in, Path out, int reduces) throws Exception {
        Configuration conf = new Configuration(target.conf());
        conf.setInt("mapreduce.job.reduces", reduces);
        run(conf, new TeraSort(), in.toString(), out.toString());
    }

    /**
     * TeraValidate of {@code sorted}: its report in {@code report}, one line per finding ({@code checksum} and the
     * sum of the rows' CRC32s; {@code error} and what is out of order, for a bad sort).
     */
    static List<String> teraValidate(JobTarget target, Path sorted, Path report) throws Exception {
        run(new Configuration(target.conf()), new TeraValidate(), sorted.toString(), report.toString());
        FileSystem fs = report.getFileSystem(target.conf());
        List<String> lines = new ArrayList<>();
        for (FileStatus part : fs.listStatus(report, path -> path.getName().startsWith("part-"))) {
            try (BufferedReader reader =
                    new BufferedReader(new InputStreamReader(fs.open(part.getPath()), StandardCharsets.UTF_8))) {
                reader.lines().forEach(lines::add);
            }
        }
        return lines;
    }

    private static void run(Configuration conf, Tool tool, String... args) throws Exception {
        int exit = ToolRunner.run(conf, tool, args);
        if (exit != 0) {
            throw new IllegalStateException(
                    tool.getClass().getSimpleName() + " " + String.join(" ", args) + " exited with " + exit);
        }
    }
}
