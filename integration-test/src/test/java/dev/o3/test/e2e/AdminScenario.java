package dev.o3.test.e2e;

import static dev.o3.test.e2e.ClusterSuiteIT.cluster;
import static org.assertj.core.api.Assertions.assertThat;

import dev.o3.client.admin.AdminCommand;
import dev.o3.scm.container.ContainerInfo;
import dev.o3.scm.container.ContainerState;
import dev.o3.scm.metrics.ScmMetrics;
import dev.o3.scm.replication.ContainerHealth;
import dev.o3.scm.server.StorageContainerManager;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * {@code ozone admin} container, replication manager and safe mode commands against the suite's cluster, whose
 * replication manager scans every second: a container closed by an operator is HEALTHY with three replicas and gets
 * no replication command (the manager leaves a healthy cluster alone).
 */
abstract class AdminScenario {
    private static final Duration POLL = Duration.ofMillis(200);

    /** What one admin command printed and its exit code. */
    record Result(int exitCode, String out, String err) {}

    @Test
    void closedContainerIsHealthyWithThreeReplicasAndNothingIsReplicated() {
        assertThat(admin("safemode", "wait", "-t", "5").out()).contains("SCM is out of safe mode.");
        assertThat(admin("replicationmanager", "status").out()).isEqualTo("ReplicationManager is Running.\n");
        StorageContainerManager scm = cluster().scm().storageContainerManager();
        long id = scm.containers().containers().stream()
                .filter(c -> c.keyCount() > 0)
                .max(Comparator.comparingLong(ContainerInfo::keyCount))
                .orElseThrow()
                .id();

        assertThat(admin("container", "close", String.valueOf(id)).out())
                .matches("Container " + id + " is (CLOSING|CLOSED)\\.\\n");
        Instant deadline = Instant.now().plus(Duration.ofSeconds(60));
        // Replicas report CLOSED one heartbeat after another: wait for a scan that saw all three.
        while (scm.containers().container(id).orElseThrow().state() != ContainerState.CLOSED
                || scm.replication().report().flatMap(r -> r.health(id)).orElse(null) != ContainerHealth.HEALTHY) {
            assertThat(Instant.now())
                    .as("container %d closed and scanned in time", id)
                    .isBefore(deadline);
            LockSupport.parkNanos(POLL.toNanos());
        }
        String info = admin("container", "info", String.valueOf(id), "--json").out();
        assertThat(info).contains("\"health\" : \"HEALTHY\"");
        assertThat(scm.containers().replicas(id)).hasSize(3).allSatisfy(replica -> assertThat(replica.bcsid())
                .isPositive());
        for (int i = 0; i < cluster().datanodeCount(); i++) {
            assertThat(info).contains(cluster().datanode(i).datanodeDetails().getUuid());
        }
        String text = admin("container", "info", String.valueOf(id)).out();
        assertThat(text)
                .startsWith("Container " + id + ": CLOSED, health HEALTHY\n")
                .contains("Replicas: 3\n");

        String report = admin("container", "report").out();
        assertThat(report).contains("Container Health Summary").contains("  HEALTHY: ");
        Map<ContainerHealth, Long> counts =
                scm.replication().report().orElseThrow().counts();
        assertThat(counts.get(ContainerHealth.UNDER_REPLICATED)).isZero();
        assertThat(counts.get(ContainerHealth.OVER_REPLICATED)).isZero();
        assertThat(counts.get(ContainerHealth.MISSING)).isZero();
        ScmMetrics metrics = scm.metrics();
        assertThat(metrics.replicationCommands("replicate") + metrics.replicationCommands("delete"))
                .as("replication commands on a healthy cluster")
                .isZero();
    }

    @Test
    void unknownContainerOrPipelineIsOneLineAndExitCodeOne() {
        Result container = admin("container", "info", "987654321");
        assertThat(container.exitCode()).isEqualTo(1);
        assertThat(container.err().lines()).singleElement().satisfies(line -> assertThat(line)
                .contains("CONTAINER_NOT_FOUND: container 987654321 does not exist"));
        Result pipeline = admin("pipeline", "close", "no-such-pipeline");
        assertThat(pipeline.exitCode()).isEqualTo(1);
        assertThat(pipeline.err().lines()).singleElement().satisfies(line -> assertThat(line)
                .contains("PIPELINE_NOT_FOUND: pipeline no-such-pipeline does not exist"));
    }

    /** Runs {@code ozone admin} against the suite's SCM, as the {@code ozone} command would (one-line errors). */
    private static Result admin(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine admin = new CommandLine(new AdminCommand());
        admin.setOut(new PrintWriter(out, true));
        admin.setErr(new PrintWriter(err, true));
        admin.setExecutionExceptionHandler((exception, cmd, parseResult) -> {
            cmd.getErr().println(cmd.getCommandSpec().qualifiedName() + ": " + exception.getMessage());
            return 1;
        });
        List<String> withCluster = new ArrayList<>(List.of(args));
        withCluster.add(
                "-Dozone.scm.client.address=127.0.0.1:" + cluster().scm().adminPort());
        int code = admin.execute(withCluster.toArray(String[]::new));
        return new Result(code, out.toString(), err.toString());
    }
}
