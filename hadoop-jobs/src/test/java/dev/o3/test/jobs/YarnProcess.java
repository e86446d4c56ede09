package dev.o3.test.jobs;

import java.io.ByteArrayInputStream;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.apache.hadoop.conf.Configuration;

/**
 * A MiniMRYarnCluster (a ResourceManager, a NodeManager and a JobHistoryServer) in a JVM of its own: the module
 * hadoop-jobs-yarn's {@code YarnClusterMain} on Hadoop's unshaded jars and O3's shaded file system jar. The NodeManager
 * starts application masters and tasks as JVMs on that class path, with the job's tokens in their container's token
 * file. It stops when this JVM closes its standard input, so it outlives no test run.
 */
final class YarnProcess implements AutoCloseable {
    /** The module hadoop-jobs-yarn's build directory: its classes and the class path file of its dependencies. */
    private static final String MODULE_TARGET = "o3.yarn.target";

    private static final Duration START = Duration.ofSeconds(90);
    /** Hadoop 3.4's YARN web apps (Guice) and RPC reflect into these packages, closed by default on Java 17. */
    static final String JAVA17_OPENS = String.join(
            " ",
            "--add-opens=java.base/java.lang=ALL-UNNAMED",
            "--add-opens=java.base/java.lang.reflect=ALL-UNNAMED",
            "--add-opens=java.base/java.util=ALL-UNNAMED",
            "--add-opens=java.base/java.util.concurrent=ALL-UNNAMED",
            "--add-opens=java.base/java.io=ALL-UNNAMED",
            "--add-opens=java.base/java.net=ALL-UNNAMED",
            "--add-opens=java.base/java.nio=ALL-UNNAMED",
            "--add-opens=java.base/sun.nio.ch=ALL-UNNAMED");

    private final Process process;
    private final Path log;
    private final Path written;
    private final String classPath;
    private Configuration conf;

    private YarnProcess(Process process, Path log, Path written, String classPath) {
        this.process = process;
        this.log = log;
        this.written = written;
        this.classPath = classPath;
    }

    /**
     * Starts it with working directory {@code work} and {@code settings} in its configuration, and returns at once:
     * {@link #awaitUp} waits for it (so that it starts while the caller starts other things).
     */
    static YarnProcess launch(Path work, Map<String, String> settings) throws IOException {
        Path target = Path.of(System.getProperty(MODULE_TARGET, "../hadoop-jobs-yarn/target"));
        Path classPath = target.resolve("classpath.txt");
        if (!Files.exists(classPath)) {
            throw new IllegalStateException(classPath + " is missing: build the module hadoop-jobs-yarn first");
        }
        Path written = work.resolve("yarn-site.xml");
        Path log = work.resolve("yarn.log");
        List<String> command = new ArrayList<>();
        command.add(ProcessHandle.current().info().command().orElse("java"));
        command.add("-Xmx768m");
        // Jetty unpacks the web apps there: keep them in the test's directory, not in /tmp
        command.add("-Djava.io.tmpdir=" + Files.createDirectories(work.resolve("tmp")));
        command.addAll(List.of(JAVA17_OPENS.split(" ")));
        command.add("-cp");
        String jars = target.resolve("classes")
                + File.pathSeparator
                + Files.readString(classPath, StandardCharsets.UTF_8).trim();
        command.add(jars);
        command.add("dev.o3.test.yarn.YarnClusterMain");
        command.add(written.toString());
        settings.forEach((key, value) -> command.add(key + "=" + value));
        Process process = new ProcessBuilder(command)
                .directory(work.toFile())
                .redirectErrorStream(true)
                .redirectOutput(log.toFile())
                .start();
        return new YarnProcess(process, log, written, jars);
    }

    /** Waits until it is up (it wrote its configuration). */
    void awaitUp() throws IOException {
        long deadline = System.nanoTime() + START.toNanos();
        Optional<Configuration> up = read(written);
        while (up.isEmpty()) {
            if (!process.isAlive() || System.nanoTime() > deadline) {
                throw new IllegalStateException("YARN did not start: " + logTail());
            }
            LockSupport.parkNanos(Duration.ofMillis(200).toNanos());
            up = read(written);
        }
        conf = up.get();
    }

    /** The configuration it writes (whole, by a rename) once up; empty before. */
    private static Optional<Configuration> read(Path written) throws IOException {
        if (!Files.exists(written)) {
            return Optional.empty();
        }
        Configuration conf = new Configuration(false);
        conf.addResource(new ByteArrayInputStream(Files.readAllBytes(written)));
        return Optional.of(conf);
    }

    /** Its configuration: the ResourceManager's and JobHistoryServer's addresses, {@code mapreduce.framework.name}. */
    Configuration conf() {
        if (conf == null) {
            throw new IllegalStateException("YARN is not up yet: awaitUp first");
        }
        Configuration copy = new Configuration();
        conf.forEach(entry -> copy.set(entry.getKey(), entry.getValue()));
        return copy;
    }

    /** Its class path: Hadoop's jars and O3's file system jar, as a Hadoop cluster has them. */
    String classPath() {
        return classPath;
    }

    /** The last lines of its log. */
    String logTail() {
        try {
            List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
            return String.join("\n", lines.subList(Math.max(0, lines.size() - 40), lines.size()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Stops it (closing its input) and every JVM its NodeManager started. */
    @Override
    public void close() {
        List<ProcessHandle> children = process.descendants().toList();
        try {
            process.getOutputStream().close();
            if (!process.waitFor(30, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        } catch (IOException e) {
            process.destroyForcibly();
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
        children.stream().filter(ProcessHandle::isAlive).forEach(ProcessHandle::destroyForcibly);
    }
}
