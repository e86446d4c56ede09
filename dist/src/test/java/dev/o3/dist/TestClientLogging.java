package dev.o3.dist;

import static org.assertj.core.api.Assertions.assertThat;

import dev.o3.common.ratis.RatisMetricRegistries;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.apache.ratis.metrics.MetricRegistries;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

class TestClientLogging {
    private static final String[] UNREACHABLE_OM = {
        "-Dozone.om.address=127.0.0.1:1", "-Dozone.client.failover.timeout=300ms"
    };

    @Test
    void shellsAreQuietUnlessVerbose() {
        assertThat(ClientLogging.isQuiet(new String[] {"sh", "key", "put", "/v/b/k", "file"}))
                .isTrue();
        assertThat(ClientLogging.isQuiet(new String[] {"admin", "om", "roles"})).isTrue();
        assertThat(ClientLogging.isQuiet(new String[] {"s3", "getsecret"})).isTrue();
        assertThat(ClientLogging.isQuiet(new String[] {"sh", "--verbose", "volume", "list"}))
                .isFalse();
        assertThat(ClientLogging.isQuiet(new String[] {"sh", "volume", "list", "--verbose"}))
                .isFalse();
        assertThat(ClientLogging.isQuiet(new String[] {"sh", "key", "put", "--", "/v/b/--verbose"}))
                .isTrue();
        assertThat(ClientLogging.isQuiet(new String[] {"om"})).isFalse();
        assertThat(ClientLogging.isQuiet(new String[] {"local"})).isFalse();
        assertThat(ClientLogging.isQuiet(new String[0])).isFalse();
    }

    @Test
    void everyShellCommandTakesVerboseAndDocumentsIt() {
        StringWriter out = new StringWriter();
        PrintWriter writer = new PrintWriter(out, true);
        for (String[] command : List.of(
                new String[] {"sh", "--verbose", "--help"},
                new String[] {"sh", "key", "put", "--verbose", "--help"},
                new String[] {"admin", "om", "roles", "--verbose", "--help"},
                new String[] {"s3", "--verbose", "--help"})) {
            out.getBuffer().setLength(0);
            assertThat(OzoneCommand.run(command, writer, writer))
                    .as(String.join(" ", command))
                    .isZero();
            assertThat(out.toString()).as(String.join(" ", command)).contains("--verbose");
        }
    }

    @Test
    void theOnlyRatisMetricsBackendIsO3s() {
        assertThat(ServiceLoader.load(MetricRegistries.class).stream().map(ServiceLoader.Provider::type))
                .containsExactly(RatisMetricRegistries.class);
    }

    @Test
    @Timeout(60)
    void failingShellCommandPrintsOneLineOnStderr() throws Exception {
        Result quiet = ozone("sh", "volume", "list", UNREACHABLE_OM[0], UNREACHABLE_OM[1]);

        assertThat(quiet.exitCode()).isEqualTo(1);
        assertThat(quiet.stderr()).hasSize(1);
        assertThat(quiet.stderr().get(0)).contains("no OM leader");
    }

    @Test
    @Timeout(60)
    void shellDropsTheLibrariesLogLines() throws Exception {
        Result quiet = java(LoggingProbe.class, "sh", "key", "put");

        assertThat(quiet.exitCode()).isZero();
        assertThat(quiet.stderr()).isEmpty();
    }

    @Test
    @Timeout(60)
    void verboseShellPrintsThemThroughSlf4j() throws Exception {
        Result verbose = java(LoggingProbe.class, "sh", "--verbose", "key", "put");

        assertThat(verbose.exitCode()).isZero();
        assertThat(verbose.stderr())
                .anySatisfy(line -> assertThat(line)
                        .contains("INFO " + LoggingProbe.SHADED_GRPC_TCP_METRICS)
                        .contains("Epoll available during static init of TcpMetrics"))
                .anySatisfy(line -> assertThat(line).contains("WARN").contains("probe warning"))
                .noneSatisfy(line -> assertThat(line).contains("duplicated services"));
    }

    private static Result ozone(String... args) throws IOException, InterruptedException {
        return java(Ozone.class, args);
    }

    /** Runs a main class with the launcher's log level (info) in a new JVM. */
    private static Result java(Class<?> main, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp",
                System.getProperty("java.class.path"),
                "-D" + ClientLogging.LEVEL_PROPERTY + "=info",
                main.getName()));
        command.addAll(List.of(args));
        Process process = new ProcessBuilder(command)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .start();
        CompletableFuture<String> stderr = CompletableFuture.supplyAsync(() -> read(process.getErrorStream()));
        assertThat(process.waitFor(50, TimeUnit.SECONDS)).as("ozone exits").isTrue();
        return new Result(process.exitValue(), stderr.join().lines().toList());
    }

    private static String read(InputStream in) {
        try (in) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private record Result(int exitCode, List<String> stderr) {}
}
