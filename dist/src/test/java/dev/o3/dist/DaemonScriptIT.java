package dev.o3.dist;

import static org.assertj.core.api.Assertions.assertThat;

import dev.o3.common.net.FreePorts;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bin/ozone --daemon start|stop|status}: a daemon in the background with its pid file and log, refused
 * twice, stopped cleanly; a daemon that cannot start fails the start with its own message.
 */
@Tag("integration")
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class DaemonScriptIT {
    @TempDir
    Path directory;

    private final List<String> scmOptions = new ArrayList<>();

    @AfterEach
    void stopScm() throws IOException, InterruptedException {
        daemon("stop", "scm");
    }

    @Test
    void startsReportsAndStopsADaemon() throws IOException, InterruptedException {
        scmOptions.addAll(List.of(
                "-Dozone.metadata.dirs=" + directory.resolve("scm"),
                "-Dozone.scm.client.address=127.0.0.1:" + FreePorts.next(),
                "-Dozone.scm.datanode.address=127.0.0.1:" + FreePorts.next(),
                "-Dozone.scm.block.client.address=127.0.0.1:" + FreePorts.next(),
                "-Dozone.scm.http-address=127.0.0.1:0"));

        Result started = daemon("start", "scm", scmOptions);
        assertThat(started.exit()).as(started.output()).isZero();
        assertThat(started.output()).containsPattern("scm started as process \\d+; log: ");
        Path pidFile = directory.resolve("pids/ozone-" + System.getProperty("user.name") + "-scm.pid");
        String pid = Files.readString(pidFile).trim();
        assertThat(ProcessHandle.of(Long.parseLong(pid)))
                .hasValueSatisfying(process -> assertThat(process.isAlive()).isTrue());

        Result status = daemon("status", "scm");
        assertThat(status.exit()).isZero();
        assertThat(status.output()).contains("scm is running as process " + pid);

        Result again = daemon("start", "scm", scmOptions);
        assertThat(again.exit()).isEqualTo(1);
        assertThat(again.output()).contains("scm is already running as process " + pid);

        Result stopped = daemon("stop", "scm");
        assertThat(stopped.exit()).isZero();
        assertThat(stopped.output()).contains("scm stopped");
        assertThat(pidFile).doesNotExist();
        assertThat(ProcessHandle.of(Long.parseLong(pid))).isEmpty();
        assertThat(daemon("status", "scm").exit()).isEqualTo(3);
        try (Stream<Path> logs = Files.list(directory.resolve("logs"))) {
            Path log = logs.filter(path -> path.getFileName().toString().startsWith("ozone-"))
                    .findFirst()
                    .orElseThrow();
            assertThat(Files.readString(log)).contains("scm is running");
        }
    }

    @Test
    void aDaemonThatCannotStartFailsTheStart() throws IOException, InterruptedException {
        Result result = daemon("start", "scm", List.of("-Dno.such.key=1"));
        assertThat(result.exit()).isEqualTo(1);
        assertThat(result.output())
                .contains("unknown configuration key 'no.such.key'")
                .contains("ozone --daemon start: scm exited");
        assertThat(daemon("status", "scm").exit()).isEqualTo(3);
    }

    @Test
    void anUnknownRoleIsAUsageError() throws IOException, InterruptedException {
        Result result = daemon("start", "freon");
        assertThat(result.exit()).isEqualTo(2);
        assertThat(result.output()).contains("usage: ozone --daemon start|stop|status scm|om|datanode|s3g");
    }

    private Result daemon(String action, String role) throws IOException, InterruptedException {
        return daemon(action, role, List.of());
    }

    private Result daemon(String action, String role, List<String> options) throws IOException, InterruptedException {
        List<String> command =
                new ArrayList<>(List.of(Distribution.home().resolve("bin/ozone").toString(), "--daemon", action, role));
        command.addAll(options);
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        builder.environment().put("OZONE_PID_DIR", directory.resolve("pids").toString());
        builder.environment().put("OZONE_LOG_DIR", directory.resolve("logs").toString());
        builder.environment()
                .put(
                        "OZONE_CONF_DIR",
                        Files.createDirectories(directory.resolve("conf")).toString());
        builder.environment().put("OZONE_HEAPSIZE", "256m");
        // No class archive: its dump at exit would make the stop's timing depend on the machine's load.
        builder.environment().put("OZONE_OPTS", "-Xshare:auto");
        Process process = builder.start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        return new Result(process.waitFor(), output);
    }

    private record Result(int exit, String output) {}
}
