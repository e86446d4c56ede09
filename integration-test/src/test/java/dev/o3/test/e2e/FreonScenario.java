package dev.o3.test.e2e;

import static dev.o3.test.e2e.ClusterSuiteIT.client;
import static dev.o3.test.e2e.ClusterSuiteIT.cluster;
import static org.assertj.core.api.Assertions.assertThat;

import dev.o3.freon.FreonCommand;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** Every freon generator against the real cluster: no failures, and readers validate what writers wrote. */
abstract class FreonScenario {
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    @Test
    void clientGeneratorsWriteAndValidate() {
        assertThat(freon("ockg", "-n", "40", "-t", "4", "-s", "32KB", "-p", "freon-o3"))
                .isZero();
        assertThat(freon("ockr", "-n", "40", "-t", "4", "-p", "freon-o3", "--validate"))
                .isZero();
        assertThat(freon("omkg", "-n", "40", "-t", "4", "-p", "freon-om")).isZero();
        assertThat(freon("omkr", "-n", "40", "-t", "4", "-p", "freon-om")).isZero();
        assertThat(freon("omkr", "-n", "400", "--keys", "40", "--in-flight", "16", "-p", "freon-om"))
                .isZero();
        assertThat(freon("om-echo", "-n", "300", "--in-flight", "16", "--stream"))
                .isZero();
        assertThat(freon("om-echo", "-n", "30", "-t", "2", "--stream")).isZero();

        assertThat(out.toString())
                .contains("ockr: 40 operations, 0 failures")
                .contains("omkr: 40 operations, 0 failures")
                .contains("omkr: 400 operations, 0 failures")
                .contains("om-echo: 300 operations, 0 failures")
                .contains("om-echo: 30 operations, 0 failures");
    }

    @Test
    void keysSpreadOverBucketsAreReadBackFromTheirBucketsInRandomOrder() {
        assertThat(freon(
                        "omkg", "-n", "30", "--in-flight", "4", "--buckets", "3", "-b", "spread", "-p", "freon-spread"))
                .isZero();
        assertThat(freon(
                        "omkr",
                        "-n",
                        "200",
                        "--keys",
                        "30",
                        "--random",
                        "--in-flight",
                        "8",
                        "--buckets",
                        "3",
                        "-b",
                        "spread",
                        "-p",
                        "freon-spread"))
                .isZero();

        assertThat(out.toString()).contains("omkr: 200 operations, 0 failures");
        for (int bucket = 0; bucket < 3; bucket++) {
            assertThat(client().objectStore()
                            .getVolume("vol1")
                            .getBucket("spread-" + bucket)
                            .listKeys("freon-spread/", "", Integer.MAX_VALUE))
                    .as("bucket spread-%d", bucket)
                    .hasSize(10);
        }
        // Read from one bucket only, the keys of the other two are missing.
        assertThat(freon("omkr", "-n", "30", "--keys", "30", "-t", "1", "-b", "spread-0", "-p", "freon-spread"))
                .isNotZero();
    }

    @Test
    void theListerPagesThroughThePrefixAndRefusesAnEmptyPage() {
        assertThat(freon("omkg", "-n", "25", "-t", "2", "-p", "freon-list")).isZero();
        assertThat(freon("omkl", "-n", "4", "--page", "10", "-t", "1", "-p", "freon-list"))
                .isZero();
        assertThat(out.toString()).contains("omkl: 4 operations, 0 failures");

        assertThat(freon("omkl", "-n", "1", "--page", "0", "-p", "freon-list")).isNotZero();
    }

    @Test
    void aWarmUpRunsUncountedAndWritesOtherKeysThanTheMeasuredRun() {
        assertThat(freon("omkg", "-n", "30", "--in-flight", "4", "--warmup", "1s", "-p", "freon-warm"))
                .isZero();

        Matcher warmUp =
                Pattern.compile("warm-up: (\\d+) operations \\(0 failed\\)").matcher(err.toString());
        assertThat(warmUp.find()).as("%s", err).isTrue();
        long warmed = Long.parseLong(warmUp.group(1));
        assertThat(warmed).isPositive();
        assertThat(out.toString()).contains("omkg: 30 operations, 0 failures");
        assertThat(client().objectStore()
                        .getVolume("vol1")
                        .getBucket("bucket1")
                        .listKeys("freon-warm/", "", Integer.MAX_VALUE))
                .hasSize((int) (30 + warmed));
    }

    @Test
    void s3AndDatanodeGenerators() {
        String endpoint =
                "http://127.0.0.1:" + cluster().gateway().orElseThrow().port();

        assertThat(freon("s3kg", "-n", "20", "-t", "4", "-s", "16KB", "-b", "freon-s3", "--endpoint", endpoint))
                .isZero();
        assertThat(freon("s3kr", "-n", "20", "-t", "4", "-b", "freon-s3", "--endpoint", endpoint, "--validate"))
                .isZero();
        // More reads than keys: --keys names the keys s3kg wrote, which the reads cycle through.
        assertThat(freon(
                        "s3kr",
                        "-n",
                        "60",
                        "--keys",
                        "20",
                        "-t",
                        "4",
                        "-b",
                        "freon-s3",
                        "--endpoint",
                        endpoint,
                        "--validate"))
                .isZero();
        assertThat(freon("dn-echo", "-n", "200", "-t", "4")).isZero();

        assertThat(out.toString())
                .contains("s3kr: 20 operations, 0 failures")
                .contains("s3kr: 60 operations, 0 failures")
                .contains("dn-echo: 200 operations, 0 failures");
    }

    private int freon(String... args) {
        List<String> withCluster = new ArrayList<>(List.of(args));
        cluster()
                .clientConfiguration()
                .explicitValues()
                .forEach((key, value) -> withCluster.add("-D" + key + "=" + value));
        CommandLine freon = new CommandLine(new FreonCommand());
        freon.setOut(new PrintWriter(out, true));
        freon.setErr(new PrintWriter(err, true));
        return freon.execute(withCluster.toArray(String[]::new));
    }
}
