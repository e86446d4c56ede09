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
    void unbuiltPartSaysSoInOneLine() {
        assertThat(run("freon")).isEqualTo(1);

        assertThat(err.toString())
                .isEqualTo("ozone freon: freon is not built yet (issue #7)." + System.lineSeparator());
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
