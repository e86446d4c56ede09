package dev.o3.client.admin;

import dev.o3.client.cli.JsonOutput;
import dev.o3.proto.hdds.DatanodeDetails;
import dev.o3.proto.scm.DatanodeAdminProgress;
import java.io.IOException;
import java.io.PrintWriter;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code ozone admin datanode decommission|recommission|maintenance|status decommission}: taking datanodes out of
 * service and back, with Apache Ozone's output lines. SCM refuses a request naming an unknown host, or one that would
 * leave too few IN_SERVICE datanodes (unless {@code --force}), and then changes nothing.
 */
final class DecommissionCommands {
    private DecommissionCommands() {}

    /** A datanode a request applied to. */
    record Target(String uuid, String hostName, String ipAddress) {
        static List<Target> of(List<DatanodeDetails> datanodes) {
            return datanodes.stream()
                    .map(d -> new Target(d.getUuid(), d.getHostName(), d.getIpAddress()))
                    .toList();
        }
    }

    private static void print(PrintWriter out, boolean json, String heading, List<DatanodeDetails> datanodes) {
        List<Target> targets = Target.of(datanodes);
        if (json) {
            JsonOutput.print(out, targets);
            return;
        }
        out.println(heading);
        targets.forEach(t -> out.printf("%s (%s, %s)%n", t.hostName(), t.ipAddress(), t.uuid()));
    }

    @Command(
            name = "decommission",
            mixinStandardHelpOptions = true,
            description = "Decommission datanodes: SCM closes their pipelines, waits until every container they hold "
                    + "has 3 replicas on other datanodes, then marks them DECOMMISSIONED.")
    static final class Decommission extends AdminSubcommand {
        @Option(names = "--force", description = "Skip the check that enough IN_SERVICE datanodes remain.")
        private boolean force;

        @Parameters(arity = "1..*", paramLabel = "HOST", description = "Datanode host name, IP address or UUID.")
        private List<String> hosts;

        @Override
        void run(ScmAdminClient scm, PrintWriter out, boolean json) throws IOException {
            print(out, json, "Started decommissioning datanode(s):", scm.decommission(hosts, force));
        }
    }

    @Command(
            name = "recommission",
            mixinStandardHelpOptions = true,
            description = "Return datanodes to IN_SERVICE (ends decommission or maintenance).")
    static final class Recommission extends AdminSubcommand {
        @Parameters(arity = "1..*", paramLabel = "HOST", description = "Datanode host name, IP address or UUID.")
        private List<String> hosts;

        @Override
        void run(ScmAdminClient scm, PrintWriter out, boolean json) throws IOException {
            print(out, json, "Started recommissioning datanode(s):", scm.recommission(hosts));
        }
    }

    @Command(
            name = "maintenance",
            mixinStandardHelpOptions = true,
            description = "Put datanodes in maintenance: SCM closes their pipelines and waits until every container "
                    + "they hold keeps hdds.scm.replication.maintenance.replica.minimum replicas elsewhere.")
    static final class Maintenance extends AdminSubcommand {
        @Option(
                names = "--end",
                paramLabel = "HOURS",
                description = "End maintenance by itself after this many hours (default: only by recommission).")
        private int endHours;

        @Option(names = "--force", description = "Skip the check that enough IN_SERVICE datanodes remain.")
        private boolean force;

        @Parameters(arity = "1..*", paramLabel = "HOST", description = "Datanode host name, IP address or UUID.")
        private List<String> hosts;

        @Override
        void run(ScmAdminClient scm, PrintWriter out, boolean json) throws IOException {
            if (endHours < 0) {
                throw new IllegalArgumentException("--end must be a positive number of hours: " + endHours);
            }
            print(out, json, "Entering maintenance mode on datanode(s):", scm.startMaintenance(hosts, endHours, force));
        }
    }

    /** {@code ozone admin datanode status decommission}. */
    @Command(
            name = "status",
            mixinStandardHelpOptions = true,
            description = "Progress of datanodes being taken out of service.",
            subcommands = {DecommissionStatus.class})
    static final class Status {}

    /** One node's progress, for {@code --json}. */
    record Progress(
            String uuid,
            String hostName,
            String ipAddress,
            String rack,
            String operationalState,
            Instant startedAt,
            Instant maintenanceEnd,
            int pipelinesWaitingToClose,
            int sufficientlyReplicated,
            int underReplicated,
            int unclosed,
            List<Long> underReplicatedIds,
            List<Long> unclosedIds) {
        static Progress of(DatanodeAdminProgress node) {
            return new Progress(
                    node.getDatanode().getUuid(),
                    node.getDatanode().getHostName(),
                    node.getDatanode().getIpAddress(),
                    node.getDatanode().getNetworkLocation(),
                    node.getOperational().getState().name(),
                    Instant.ofEpochMilli(node.getStartedMillis()),
                    DatanodeAdminCommand.endOf(node.getOperational()),
                    node.getPipelinesWaitingToClose(),
                    node.getSufficientlyReplicated(),
                    node.getUnderReplicated(),
                    node.getUnclosed(),
                    node.getUnderReplicatedIdsList(),
                    node.getUnclosedIdsList());
        }
    }

    @Command(
            name = "decommission",
            mixinStandardHelpOptions = true,
            description =
                    "Datanodes being decommissioned or in maintenance: pipelines and containers still waited for.")
    static final class DecommissionStatus extends AdminSubcommand {
        @Override
        void run(ScmAdminClient scm, PrintWriter out, boolean json) throws IOException {
            List<Progress> nodes =
                    scm.datanodeAdminStatus().stream().map(Progress::of).toList();
            if (json) {
                JsonOutput.print(out, nodes);
                return;
            }
            Map<String, List<Progress>> byState = new TreeMap<>();
            nodes.forEach(node -> byState.computeIfAbsent(node.operationalState(), s -> new ArrayList<>())
                    .add(node));
            if (byState.isEmpty()) {
                out.println("No datanode is being decommissioned or in maintenance.");
            }
            byState.forEach((state, inState) -> {
                out.printf("Decommission Status: %s - %d node(s)%n", state, inState.size());
                inState.forEach(node -> printNode(out, node));
            });
        }

        private static void printNode(PrintWriter out, Progress node) {
            out.printf("Datanode: %s (%s/%s/%s)%n", node.uuid(), node.rack(), node.ipAddress(), node.hostName());
            out.println("Decommission Started At : " + node.startedAt());
            if (node.maintenanceEnd() != null) {
                out.println("Maintenance Ends At : " + node.maintenanceEnd());
            }
            out.println("No. of Unclosed Pipelines: " + node.pipelinesWaitingToClose());
            out.println("No. of UnderReplicated Containers: " + node.underReplicated());
            out.println("No. of Unclosed Containers: " + node.unclosed());
            out.printf("{UnderReplicated=%s, UnClosed=%s}%n", node.underReplicatedIds(), node.unclosedIds());
        }
    }
}
