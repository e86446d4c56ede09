package dev.o3.dist;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

class TestOzoneCommand {
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    @Test
    void helpListsEveryCommand() {
        assertThat(run("--help")).isZero();

        assertThat(out.toString())
                .contains("scm", "om", "datanode", "s3g", "sh", "admin", "s3", "freon", "local", "version");
    }

    @Test
    void everySubcommandHasHelp() {
        for (String command : new String[] {"scm", "om", "datanode", "s3g", "sh", "admin", "s3", "freon", "local"}) {
            assertThat(run(command, "--help")).as(command).isZero();
            assertThat(out.toString()).contains("Usage: ozone " + command);
        }
    }

    @Test
    void versionPrintsTheRelease() {
        assertThat(run("version")).isZero();

        assertThat(out.toString()).startsWith("O3 ").contains("Java ");
    }

    @Test
    void daemonWithBadConfigurationFailsInOneLine() {
        assertThat(run("s3g", "-Dozone.s3g.http-address=localhost:http")).isEqualTo(1);

        assertThat(err.toString()).contains("ozone.s3g.http-address").hasLineCount(1);
    }

    @Test
    void unreachableClusterIsOneLineAndNonZero() {
        assertThat(run(
                        "sh",
                        "volume",
                        "list",
                        "-Dozone.om.address=127.0.0.1:1",
                        "-Dozone.client.failover.timeout=300ms"))
                .isEqualTo(1);

        assertThat(err.toString()).contains("no OM leader").hasLineCount(1);
    }

    @Test
    void freonRejectsBadCountsInOneLine() {
        assertThat(run("freon", "ockg", "-n", "0")).isEqualTo(1);
        assertThat(err.toString()).isEqualTo("ozone freon ockg: -n must be at least 1, not 0" + System.lineSeparator());

        assertThat(run("freon", "ockg", "-n", "5", "-s", "-3KB")).isEqualTo(1);
        assertThat(err.toString()).contains("not a data size").hasLineCount(1);
    }

    @Test
    void shellRejectsPathsWithoutAKey() {
        assertThat(run("sh", "key", "put", "/vol1", "/etc/hostname", "-Dozone.om.address=127.0.0.1:1"))
                .isEqualTo(1);

        assertThat(err.toString()).contains("path names no key").hasLineCount(1);
    }

    @Test
    void unknownConfigurationKeyIsOneLineAndExitCodeOne() {
        assertThat(run("scm", "-Dozone.scm.datanode.pipline.limit=3")).isEqualTo(1);

        assertThat(err.toString())
                .contains("unknown configuration key 'ozone.scm.datanode.pipline.limit'")
                .doesNotContain("Exception")
                .hasLineCount(1);
    }

    @Test
    void malformedValueNamesKeyAndValue() {
        assertThat(run("om", "-Dozone.scm.block.size=big")).isEqualTo(1);

        assertThat(err.toString())
                .contains("ozone.scm.block.size")
                .contains("'big'")
                .hasLineCount(1);
    }

    @Test
    void unknownCommandIsAUsageError() {
        assertThat(run("bogus")).isEqualTo(2);

        assertThat(err.toString()).contains("Unmatched argument");
    }

    private int run(String... args) {
        out.getBuffer().setLength(0);
        err.getBuffer().setLength(0);
        return OzoneCommand.run(args, new PrintWriter(out, true), new PrintWriter(err, true));
    }
}
