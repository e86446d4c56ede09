package dev.o3.test.e2e;

import static dev.o3.test.e2e.ClusterSuiteIT.bucket;
import static dev.o3.test.e2e.ClusterSuiteIT.cluster;
import static org.assertj.core.api.Assertions.assertThat;

import dev.o3.client.admin.AdminCommand;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * {@code ozone admin datanode} against the real SCM of the three-datanode suite cluster: requests SCM must refuse (too
 * few nodes would remain, an unknown host) are one-line errors that change nothing; a node put in maintenance still
 * serves reads, and recommissioning it brings the suite's pipeline back. Decommission to the end is tested on the SCM
 * managers (TestDatanodeAdmin): here no fourth node could take the copies.
 */
abstract class DatanodeAdminScenario {
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    @Test
    void listShowsEveryNodeInService() {
        assertThat(admin("datanode", "list", "--json")).isZero();

        assertThat(out.toString().split("\"operationalState\" : \"IN_SERVICE\"", -1))
                .hasSize(4);
        assertThat(admin("datanode", "list")).isZero();
        assertThat(out.toString()).contains("OPERATIONAL STATE").contains("IN_SERVICE");
    }

    @Test
    void refusedRequestsAreOneLineErrorsAndChangeNothing() {
        String host = cluster().datanode(0).datanodeDetails().getUuid();

        assertThat(admin("datanode", "decommission", host)).isEqualTo(1);
        assertThat(err.toString())
                .hasLineCount(1)
                .contains("INSUFFICIENT_NODES")
                .contains("would leave 2, and their containers need 3");
        assertThat(admin("datanode", "maintenance", "--end", "1", "nosuch.example.com", host))
                .isEqualTo(1);
        assertThat(err.toString()).hasLineCount(1).contains("UNKNOWN_DATANODE: no datanode nosuch.example.com");

        assertThat(admin("datanode", "status", "decommission")).isZero();
        assertThat(out.toString()).isEqualTo("No datanode is being decommissioned or in maintenance.\n");
        assertThat(admin("datanode", "status", "decommission", "--json")).isZero();
        assertThat(out.toString()).isEqualTo("[ ]\n");
    }

    @Test
    void maintenanceKeepsReadsWorkingAndRecommissionBringsThePipelineBack() throws IOException {
        String digest = Keys.write(bucket(), "admin/maintenance", 6L * 1024 * 1024 + 3, () -> {});
        String uuid = cluster().datanode(0).datanodeDetails().getUuid();
        String ip = cluster().datanode(0).datanodeDetails().getIpAddress();
        int recommissioned;
        try {
            assertThat(admin("datanode", "maintenance", "--end", "1", ip)).isZero();
            assertThat(out.toString())
                    .startsWith("Entering maintenance mode on datanode(s):\n")
                    .contains(uuid);
            assertThat(admin("datanode", "list", "--json")).isZero();
            assertThat(out.toString()).containsPattern("\"operationalState\" : \"(ENTERING_|IN_)MAINTENANCE\"");
            assertThat(cluster().openPipelineCount()).isZero();

            assertThat(Keys.readDigest(bucket(), "admin/maintenance")).isEqualTo(digest);
            assertThat(admin("datanode", "status", "decommission")).isZero();
            assertThat(out.toString()).contains("Datanode: " + uuid);
        } finally {
            // Back in service even when an assertion failed: later scenarios write through its pipeline.
            recommissioned = admin("datanode", "recommission", uuid);
        }
        assertThat(recommissioned).isZero();
        assertThat(out.toString()).startsWith("Started recommissioning datanode(s):\n");
        assertThat(admin("datanode", "list", "--json")).isZero();
        assertThat(out.toString().split("\"operationalState\" : \"IN_SERVICE\"", -1))
                .hasSize(4);
        cluster().waitForOpenPipelines(1, Duration.ofSeconds(90));
        assertThat(Keys.readDigest(bucket(), "admin/maintenance")).isEqualTo(digest);
    }

    private int admin(String... args) {
        out.getBuffer().setLength(0);
        err.getBuffer().setLength(0);
        CommandLine admin = new CommandLine(new AdminCommand());
        admin.setOut(new PrintWriter(out, true));
        admin.setErr(new PrintWriter(err, true));
        admin.setExecutionExceptionHandler((exception, command, parseResult) -> {
            command.getErr().println(exception.getMessage());
            return 1;
        });
        String[] withCluster = new String[args.length + 1];
        System.arraycopy(args, 0, withCluster, 0, args.length);
        withCluster[args.length] = "-Dozone.scm.client.address="
                + cluster().clientConfiguration().explicitValues().get("ozone.scm.client.address");
        return admin.execute(withCluster);
    }
}
