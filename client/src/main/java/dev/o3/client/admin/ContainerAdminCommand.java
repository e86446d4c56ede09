package dev.o3.client.admin;

import dev.o3.client.cli.JsonOutput;
import dev.o3.proto.hdds.ContainerState;
import dev.o3.proto.scm.ContainerInfo;
import dev.o3.proto.scm.ContainerReportResponse;
import dev.o3.proto.scm.GetContainerResponse;
import dev.o3.proto.scm.HealthCount;
import dev.o3.proto.scm.ReplicaInfo;
import dev.o3.proto.scm.StateCount;
import java.io.IOException;
import java.io.PrintWriter;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code ozone admin container list|info|report|close}. */
@Command(
        name = "container",
        mixinStandardHelpOptions = true,
        description = "Containers tracked by SCM.",
        subcommands = {
            ContainerAdminCommand.ListContainers.class,
            ContainerAdminCommand.Info.class,
            ContainerAdminCommand.Report.class,
            ContainerAdminCommand.Close.class
        })
final class ContainerAdminCommand {
    private ContainerAdminCommand() {}

    /** One container. */
    record Row(long id, String state, String pipelineId, long usedBytes, long keyCount, List<String> replicas) {
        static Row of(ContainerInfo info) {
            return new Row(
                    info.getContainerId(),
                    stateName(info.getState()),
                    info.getPipelineId(),
                    info.getUsedBytes(),
                    info.getKeyCount(),
                    info.getReplicaDatanodeUuidsList());
        }
    }

    static String stateName(ContainerState state) {
        return state.name().replace("CONTAINER_", "");
    }

    /** One replica of a container. */
    record Replica(
            String datanode,
            String hostName,
            String rack,
            String state,
            long bcsid,
            long usedBytes,
            long keyCount,
            String nodeState) {
        static Replica of(ReplicaInfo info) {
            return new Replica(
                    info.getDatanode().getUuid(),
                    info.getDatanode().getHostName(),
                    info.getDatanode().getNetworkLocation(),
                    stateName(info.getState()),
                    info.getBlockCommitSequenceId(),
                    info.getUsedBytes(),
                    info.getKeyCount(),
                    info.getNodeStateValue() == 0
                            ? "UNKNOWN"
                            : info.getNodeState().name());
        }
    }

    /** A container with its replicas and its health at the replication manager's last scan. */
    record Details(
            long id,
            String state,
            String health,
            String pipelineId,
            long usedBytes,
            long keyCount,
            List<Replica> replicas) {
        static Details of(GetContainerResponse response) {
            ContainerInfo info = response.getContainer();
            return new Details(
                    info.getContainerId(),
                    stateName(info.getState()),
                    response.getHealth().isEmpty() ? "UNKNOWN" : response.getHealth(),
                    info.getPipelineId(),
                    info.getUsedBytes(),
                    info.getKeyCount(),
                    response.getReplicasList().stream().map(Replica::of).toList());
        }
    }

    @Command(name = "list", aliases = "ls", mixinStandardHelpOptions = true, description = "List containers.")
    static final class ListContainers extends AdminSubcommand {
        @Option(names = "--start", defaultValue = "0", description = "First container id.")
        private long start;

        @Option(
                names = {"--count", "-c"},
                defaultValue = "100",
                description = "At most this many.")
        private int count;

        @Override
        void run(ScmAdminClient scm, PrintWriter out, boolean json) throws IOException {
            if (count < 1) {
                throw new IllegalArgumentException("--count must be at least 1, not " + count);
            }
            List<Row> rows = scm.containers(start, count).stream().map(Row::of).toList();
            if (json) {
                JsonOutput.print(out, rows);
                return;
            }
            rows.forEach(row -> out.printf(
                    "%8d  %-13s  %s  %12d bytes  %6d keys%n",
                    row.id(), row.state(), row.pipelineId(), row.usedBytes(), row.keyCount()));
        }
    }

    @Command(
            name = "info",
            mixinStandardHelpOptions = true,
            description = "Show one container: its replicas (datanode, state, BCSID, bytes) and health.")
    static final class Info extends AdminSubcommand {
        @Parameters(paramLabel = "CONTAINER_ID")
        private long id;

        @Override
        void run(ScmAdminClient scm, PrintWriter out, boolean json) throws IOException {
            Details details = Details.of(scm.container(id));
            if (json) {
                JsonOutput.print(out, details);
                return;
            }
            out.printf("Container %d: %s, health %s%n", details.id(), details.state(), details.health());
            out.printf("Pipeline: %s%n", details.pipelineId());
            out.printf("Used: %d bytes, %d keys%n", details.usedBytes(), details.keyCount());
            out.printf("Replicas: %d%n", details.replicas().size());
            for (Replica replica : details.replicas()) {
                out.printf(
                        "  %s (%s%s)  %-12s  bcsid %d  %d bytes  node %s%n",
                        replica.datanode(),
                        replica.hostName(),
                        replica.rack(),
                        replica.state(),
                        replica.bcsid(),
                        replica.usedBytes(),
                        replica.nodeState());
            }
        }
    }

    @Command(
            name = "report",
            mixinStandardHelpOptions = true,
            description = "Containers per lifecycle state and per replication health, with sample ids.")
    static final class Report extends AdminSubcommand {
        @Override
        void run(ScmAdminClient scm, PrintWriter out, boolean json) throws IOException {
            ContainerReportResponse report = scm.containerReport();
            Map<String, Long> states = new LinkedHashMap<>();
            for (StateCount count : report.getStatesList()) {
                states.put(stateName(count.getState()), count.getCount());
            }
            if (json) {
                Map<String, Object> health = new LinkedHashMap<>();
                for (HealthCount count : report.getHealthList()) {
                    health.put(
                            count.getHealth(),
                            Map.of("count", count.getCount(), "samples", count.getSampleContainerIdsList()));
                }
                Map<String, Object> all = new LinkedHashMap<>();
                all.put("available", report.getAvailable());
                all.put(
                        "generatedAt",
                        report.getAvailable()
                                ? Instant.ofEpochMilli(report.getGeneratedAtMillis())
                                        .toString()
                                : null);
                all.put("states", states);
                all.put("health", health);
                JsonOutput.print(out, all);
                return;
            }
            out.println("Container State Summary");
            states.forEach((state, count) -> out.printf("  %s: %d%n", state, count));
            if (!report.getAvailable()) {
                out.println("Container Health Summary: not available yet (SCM is in safe mode)");
                return;
            }
            out.printf(
                    "Container Health Summary (replication manager scan at %s)%n",
                    Instant.ofEpochMilli(report.getGeneratedAtMillis()));
            report.getHealthList().forEach(count -> out.printf("  %s: %d%n", count.getHealth(), count.getCount()));
            for (HealthCount count : report.getHealthList()) {
                if (count.getCount() > 0 && !"HEALTHY".equals(count.getHealth())) {
                    out.printf(
                            "First %d %s containers: %s%n",
                            count.getSampleContainerIdsCount(),
                            count.getHealth(),
                            count.getSampleContainerIdsList().stream()
                                    .map(String::valueOf)
                                    .collect(Collectors.joining(", ")));
                }
            }
        }
    }

    @Command(
            name = "close",
            mixinStandardHelpOptions = true,
            description = "Close open containers, one after the other; stops at the first that cannot be closed.")
    static final class Close extends AdminSubcommand {
        @Parameters(arity = "1..*", paramLabel = "CONTAINER_ID")
        private List<Long> ids;

        @Override
        void run(ScmAdminClient scm, PrintWriter out, boolean json) throws IOException {
            List<Map<String, Object>> closed = new ArrayList<>();
            for (long id : ids) {
                String state = stateName(scm.closeContainer(id));
                closed.add(Map.of("id", id, "state", state));
                if (!json) {
                    out.printf("Container %d is %s.%n", id, state);
                }
            }
            if (json) {
                JsonOutput.print(out, closed.size() == 1 ? closed.get(0) : closed);
            }
        }
    }
}
