package dev.o3.dist;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bin/ozone}'s JVM flags on the JVM this build runs on: a long-running command starts with them, archives its
 * classes at exit, and its next start maps that archive; a partial archive (a dump killed halfway) is discarded
 * instead of crashing the JVM; {@code -Xshare:off} in OZONE_OPTS still starts, and so does a native agent (a
 * profiler), with which the JVM cannot dump.
 */
@Tag("integration")
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class LauncherClassDataSharingIT {
    /** A pid above Linux's maximum (4194304): no process holds it, so its dump is finished or abandoned. */
    private static final String DEAD_WRITER = "9999999";

    @TempDir
    Path directory;

    @Test
    void theSecondStartMapsTheArchiveTheFirstWrote() throws IOException, InterruptedException {
        Result first = ozone(Map.of(), "freon", "--help");
        assertThat(first.exit()).as(first.output()).isZero();
        assertThat(first.output()).contains("Usage: ozone freon").doesNotContain("[warning]");
        assertThat(files("*.tmp")).hasSize(1);

        Path classes = directory.resolve("classes.log");
        Result second = ozone(Map.of("OZONE_OPTS", "-Xlog:class+load=info:file=" + classes), "freon", "--help");
        assertThat(second.exit()).as(second.output()).isZero();
        assertThat(second.output()).contains("Usage: ozone freon");
        assertThat(files("*.tmp")).isEmpty();
        assertThat(files("o3-freon-*.jsa")).hasSize(1);
        assertThat(Files.readString(classes)).contains("dev.o3.freon.FreonCommand source: shared objects file (top)");
    }

    @Test
    void aPartialArchiveIsDiscardedAndTheCommandStarts() throws IOException, InterruptedException {
        assertThat(ozone(Map.of(), "freon", "--help").exit()).isZero();
        Path dump = files("*.tmp").get(0);
        String name = dump.getFileName().toString();
        Path partial = dump.resolveSibling(
                name.substring(0, name.lastIndexOf('.', name.length() - 5)) + "." + DEAD_WRITER + ".tmp");
        byte[] bytes = Files.readAllBytes(dump);
        Files.write(partial, Arrays.copyOf(bytes, bytes.length / 8));
        Files.delete(dump);

        Result result = ozone(Map.of(), "freon", "--help");

        assertThat(result.exit()).as(result.output()).isZero();
        assertThat(result.output()).contains("Usage: ozone freon").doesNotContain("fatal error");
        try (Stream<Path> crashReports = Files.list(directory)) {
            assertThat(crashReports.map(path -> path.getFileName().toString()))
                    .noneMatch(file -> file.startsWith("hs_err"));
        }
        assertThat(partial).doesNotExist();
        assertThat(files("o3-freon-*.jsa")).isEmpty();
        assertThat(files("*.tmp")).hasSize(1);
    }

    @Test
    void sharingTurnedOffInOzoneOptsStillStarts() throws IOException, InterruptedException {
        Result result = ozone(Map.of("OZONE_OPTS", "-Xshare:off"), "freon", "--help");

        assertThat(result.exit()).as(result.output()).isZero();
        assertThat(result.output()).contains("Usage: ozone freon");
        assertThat(files("*")).isEmpty();
    }

    @Test
    void aNativeAgentInOzoneOptsMapsTheArchiveButNeverDumpsOne() throws IOException, InterruptedException {
        // jdwp is a native JVMTI agent every JDK ships, as a profiler's -agentpath is; the JVM will not dump with one
        Map<String, String> debugger =
                Map.of("OZONE_OPTS", "-agentlib:jdwp=transport=dt_socket,server=y,suspend=n,address=127.0.0.1:0");

        Result without = ozone(debugger, "freon", "--help");

        assertThat(without.exit()).as(without.output()).isZero();
        assertThat(without.output()).contains("Usage: ozone freon");
        assertThat(files("*")).isEmpty();

        assertThat(ozone(Map.of(), "freon", "--help").exit()).isZero();
        assertThat(ozone(Map.of(), "freon", "--help").exit()).isZero();
        assertThat(files("o3-freon-*.jsa")).hasSize(1);
        Result with = ozone(debugger, "freon", "--help");
        assertThat(with.exit()).as(with.output()).isZero();
        assertThat(with.output()).contains("Usage: ozone freon");
    }

    private List<Path> files(String glob) throws IOException {
        Path archives = directory.resolve("cds");
        if (!Files.isDirectory(archives)) {
            return List.of();
        }
        try (Stream<Path> listing = Files.list(archives)) {
            return listing.filter(path -> archives.getFileSystem()
                            .getPathMatcher("glob:" + glob)
                            .matches(path.getFileName()))
                    .toList();
        }
    }

    private Result ozone(Map<String, String> environment, String... arguments)
            throws IOException, InterruptedException {
        List<String> command =
                new ArrayList<>(List.of(Distribution.home().resolve("bin/ozone").toString()));
        command.addAll(List.of(arguments));
        ProcessBuilder builder =
                new ProcessBuilder(command).directory(directory.toFile()).redirectErrorStream(true);
        builder.environment().put("OZONE_CDS_DIR", directory.resolve("cds").toString());
        builder.environment().put("OZONE_LOG_DIR", directory.resolve("logs").toString());
        builder.environment().remove("OZONE_OPTS");
        builder.environment().putAll(environment);
        Process process = builder.start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        return new Result(process.waitFor(), output);
    }

    private record Result(int exit, String output) {}
}
