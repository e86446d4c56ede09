package dev.o3.test.e2e;

import static dev.o3.test.e2e.ClusterSuiteIT.client;
import static dev.o3.test.e2e.ClusterSuiteIT.cluster;
import static org.assertj.core.api.Assertions.assertThat;

import dev.o3.client.api.VolumeInfo;
import dev.o3.client.shell.ShellCommand;
import dev.o3.common.acl.CannedAcl;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import picocli.CommandLine;

/** {@code ozone sh} against the real cluster: put then get must return the same bytes; ACLs set here hold in OM. */
abstract class ShellScenario {
    @TempDir
    Path files;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    @ParameterizedTest
    @ValueSource(ints = {0, 1, 4 * 1024 * 1024 + 1, 300 * 1024 * 1024})
    void putThenGetRoundTrips(int size) throws IOException {
        Path source = files.resolve("source-" + size);
        writeRandomFile(source, size);
        Path copy = files.resolve("copy-" + size);

        assertThat(sh("key", "put", "/vol1/bucket1/shell/" + size, source.toString()))
                .isZero();
        assertThat(sh("key", "get", "/vol1/bucket1/shell/" + size, copy.toString()))
                .isZero();

        assertThat(Files.mismatch(source, copy)).isEqualTo(-1);
        Files.delete(source);
        Files.delete(copy);
    }

    @Test
    void getReplacesAnExistingFileUnlessToldNotTo() throws IOException {
        Path first = files.resolve("first");
        Path second = files.resolve("second");
        writeRandomFile(first, 1000);
        writeRandomFile(second, 3000);
        assertThat(sh("key", "put", "/vol1/bucket1/shell/first", first.toString()))
                .isZero();
        assertThat(sh("key", "put", "/vol1/bucket1/shell/second", second.toString()))
                .isZero();
        Path copy = files.resolve("copy");

        assertThat(sh("key", "get", "/vol1/bucket1/shell/first", copy.toString()))
                .isZero();
        assertThat(sh("key", "get", "/vol1/bucket1/shell/second", copy.toString()))
                .isZero();
        assertThat(Files.mismatch(second, copy))
                .as("replaced by the second key")
                .isEqualTo(-1);

        assertThat(sh("key", "get", "--no-clobber", "/vol1/bucket1/shell/first", copy.toString()))
                .isEqualTo(1);
        assertThat(err.toString()).contains("exists (--no-clobber)").hasLineCount(1);
        assertThat(Files.mismatch(second, copy)).as("left as it was").isEqualTo(-1);

        assertThat(sh("key", "get", "/vol1/bucket1/shell/no-such-key", copy.toString()))
                .isEqualTo(1);
        assertThat(Files.mismatch(second, copy))
                .as("a failed download leaves the old file whole")
                .isEqualTo(-1);
    }

    @Test
    void missingKeyIsOneLineWithItsStatus() {
        assertThat(sh("key", "info", "/vol1/bucket1/no-such-key")).isEqualTo(1);

        assertThat(err.toString()).contains("KEY_NOT_FOUND").hasLineCount(1);
    }

    @Test
    void setsAndShowsCannedAclsThatOmEnforces() {
        assertThat(sh("bucket", "create", "--acl", "public-read", "/vol1/shell-acl"))
                .isZero();
        assertThat(sh("bucket", "getacl", "/vol1/shell-acl")).isZero();
        assertThat(out.toString()).contains("\"acl\" : \"public-read\"");
        assertThat(out.toString().replaceAll("\\s+", ""))
                .as("and the grants it stands for")
                .contains("{\"group\":\"AllUsers\",\"permission\":\"READ\"}");
        assertThat(sh("bucket", "setacl", "--acl", "authenticated-read", "/vol1/shell-acl"))
                .isZero();
        assertThat(client().objectStore().bucket("vol1", "shell-acl").acl().acl())
                .isEqualTo(CannedAcl.AUTHENTICATED_READ);
        assertThat(sh("bucket", "setacl", "--acl", "everyone", "/vol1/shell-acl"))
                .isEqualTo(1);
        assertThat(err.toString()).contains("unknown canned ACL 'everyone'");
        assertThat(sh("bucket", "setacl", "--user", "mallory", "--acl", "private", "/vol1/shell-acl"))
                .isEqualTo(1);
        assertThat(err.toString()).contains("PERMISSION_DENIED");
    }

    @Test
    void updatesOwnersAndQuotasInOneCommand() {
        assertThat(sh("volume", "create", "/shell-upd")).isZero();
        assertThat(sh("bucket", "create", "/shell-upd/bkt")).isZero();
        assertThat(sh("volume", "update", "--owner", "alice", "--namespace-quota", "7", "/shell-upd"))
                .as("out: %s err: %s", out, err)
                .isZero();
        assertThat(client().objectStore().getVolume("shell-upd").info())
                .extracting(VolumeInfo::owner, VolumeInfo::quotaInNamespace)
                .containsExactly("alice", 7L);
        assertThat(sh("bucket", "update", "--owner", "bob", "--space-quota", "10MB", "/shell-upd/bkt"))
                .as("out: %s err: %s", out, err)
                .isZero();
        assertThat(client().objectStore().bucket("shell-upd", "bkt").info().owner())
                .isEqualTo("bob");
        assertThat(sh("bucket", "update", "/shell-upd/bkt")).isEqualTo(1);
        assertThat(err.toString()).contains("give --owner, --space-quota and/or --namespace-quota");
        assertThat(sh("bucket", "update", "--user", "mallory", "--owner", "mallory", "/shell-upd/bkt"))
                .isEqualTo(1);
        assertThat(err.toString()).contains("PERMISSION_DENIED");
    }

    private int sh(String... args) {
        out.getBuffer().setLength(0);
        err.getBuffer().setLength(0);
        CommandLine shell = new CommandLine(new ShellCommand());
        shell.setOut(new PrintWriter(out, true));
        shell.setErr(new PrintWriter(err, true));
        shell.setExecutionExceptionHandler((exception, command, parseResult) -> {
            command.getErr().println(exception.getMessage() + " (" + statusOf(exception) + ")");
            return 1;
        });
        String[] withCluster = new String[args.length + 1];
        System.arraycopy(args, 0, withCluster, 0, args.length);
        withCluster[args.length] = "-Dozone.om.address="
                + cluster().clientConfiguration().explicitValues().get("ozone.om.address");
        return shell.execute(withCluster);
    }

    private static String statusOf(Exception exception) {
        return exception instanceof dev.o3.client.om.OmException om
                ? om.status().name()
                : "error";
    }

    private static void writeRandomFile(Path file, int size) throws IOException {
        Random random = new Random(size);
        byte[] buffer = new byte[1 << 20];
        try (OutputStream out = Files.newOutputStream(file)) {
            for (int written = 0; written < size; written += buffer.length) {
                random.nextBytes(buffer);
                out.write(buffer, 0, Math.min(buffer.length, size - written));
            }
        }
    }
}
