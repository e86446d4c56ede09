package dev.o3.client.admin;

import dev.o3.client.cli.JsonOutput;
import dev.o3.proto.scm.DatanodeInfo;
import dev.o3.proto.scm.DatanodeOperationalState;
import dev.o3.proto.scm.PipelineReport;
import dev.o3.proto.scm.RatisDirReport;
import dev.o3.proto.scm.StorageReport;
import java.io.IOException;
import java.io.PrintWriter;
import java.time.Instant;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code ozone admin datanode list|info|decommission|recommission|maintenance|status|cache}. */
@Command(
        name = "datanode",
        mixinStandardHelpOptions = true,
        description = "Datanodes known to SCM.",
        subcommands = {
            DatanodeAdminCommand.ListDatanodes.class,
            DatanodeAdminCommand.Info.class,
            DecommissionCommands.Decommission.class,
            DecommissionCommands.Recommission.class,
            DecommissionCommands.Maintenance.class,
            DecommissionCommands.Status.class,
            CacheCommands.class
        })
final class DatanodeAdminCommand {
    private DatanodeAdminCommand() {}

    /** One datanode in a listing; {@code maintenanceEnd} is null without a maintenance end time. */
    record Row(
            String uuid,
            String hostName,
            String ipAddress,
            String rack,
            String state,
            String operationalState,
            Instant maintenanceEnd,
            int pipelines,
            int leaders,
            long lastHeartbeatMillis) {
        static Row of(DatanodeInfo info) {
            return new Row(
                    info.getDatanode().getUuid(),
                    info.getDatanode().getHostName(),
                    info.getDatanode().getIpAddress(),
                    info.getDatanode().getNetworkLocation(),
                    info.getState().name(),
                    info.getOperational().getState().name(),
                    endOf(info.getOperational()),
                    info.getPipelineCount(),
                    info.getLeaderCount(),
                    info.getLastHeartbeatMillis());
        }
    }

    /** When maintenance ends by itself, or null (no end, or not in maintenance). */
    static Instant endOf(DatanodeOperationalState operational) {
        return operational.getMaintenanceEndMillis() == 0
                ? null
                : Instant.ofEpochMilli(operational.getMaintenanceEndMillis());
    }

    /** A raft group a datanode is in. */
    record Group(String pipelineId, String role, long term, String ratisDir) {}

    /** A data volume or Ratis dir of a datanode; full: below the volume's min free space, it takes no writes. */
    record Disk(String path, long capacity, long used, long available, boolean failed, boolean full) {}

    /** A datanode in detail. */
    record Detail(Row datanode, List<Group> pipelines, List<Disk> volumes, List<Disk> ratisDirs) {
        static Detail of(DatanodeInfo info) {
            return new Detail(
                    Row.of(info),
                    info.getPipelinesList().stream().map(Detail::group).toList(),
                    info.getNodeReport().getVolumesList().stream()
                            .map(Detail::volume)
                            .toList(),
                    info.getNodeReport().getRatisDirsList().stream()
                            .map(Detail::ratisDir)
                            .toList());
        }

        private static Group group(PipelineReport report) {
            return new Group(
                    report.getPipelineId(),
                    report.getIsLeader() ? "LEADER" : "FOLLOWER",
                    report.getTerm(),
                    report.getRatisDir());
        }

        private static Disk volume(StorageReport report) {
            return new Disk(
                    report.getPath(),
                    report.getCapacity(),
                    report.getUsed(),
                    report.getAvailable(),
                    report.getFailed(),
                    report.getFull());
        }

        private static Disk ratisDir(RatisDirReport report) {
            return new Disk(report.getPath(), 0, report.getGroupCount(), 0, report.getFailed(), false);
        }
    }

    @Command(name = "list", aliases = "ls", mixinStandardHelpOptions = true, description = "List datanodes.")
    static final class ListDatanodes extends AdminSubcommand {
        @Override
        void run(ScmAdminClient scm, PrintWriter out, boolean json) throws IOException {
            List<Row> rows = scm.datanodes().stream().map(Row::of).toList();
            if (json) {
                JsonOutput.print(out, rows);
                return;
            }
            String format = "%-36s  %-20s  %-14s  %-8s  %-20s  %9s  %7s%n";
            out.printf(format, "UUID", "HOST", "RACK", "STATE", "OPERATIONAL STATE", "PIPELINES", "LEADERS");
            for (Row row : rows) {
                out.printf(
                        format,
                        row.uuid(),
                        row.hostName(),
                        row.rack(),
                        row.state(),
                        row.operationalState(),
                        row.pipelines(),
                        row.leaders());
            }
        }
    }

    @Command(
            name = "info",
            mixinStandardHelpOptions = true,
            description = "Show a datanode: its raft groups (role, log dir) and volumes.")
    static final class Info extends AdminSubcommand {
        @Parameters(paramLabel = "UUID_OR_HOST", description = "Datanode UUID, host name or IP address.")
        private String id;

        @Override
        void run(ScmAdminClient scm, PrintWriter out, boolean json) throws IOException {
            DatanodeInfo info = scm.datanodes().stream()
                    .filter(node -> id.equals(node.getDatanode().getUuid())
                            || id.equals(node.getDatanode().getHostName())
                            || id.equals(node.getDatanode().getIpAddress()))
                    .findFirst()
                    .orElseThrow(() -> new IllegalArgumentException("no datanode " + id + " is known to SCM"));
            Detail detail = Detail.of(info);
            if (json) {
                JsonOutput.print(out, detail);
                return;
            }
            Row row = detail.datanode();
            out.printf(
                    "%s  %s (%s)  rack %s  %s  %s%s%n",
                    row.uuid(),
                    row.hostName(),
                    row.ipAddress(),
                    row.rack(),
                    row.state(),
                    row.operationalState(),
                    row.maintenanceEnd() == null ? "" : " until " + row.maintenanceEnd());
            out.println("Raft groups:");
            detail.pipelines()
                    .forEach(group -> out.printf(
                            "  %s  %-8s  term %d  log %s%n",
                            group.pipelineId(), group.role(), group.term(), group.ratisDir()));
            out.println("Volumes:");
            detail.volumes()
                    .forEach(disk -> out.printf(
                            "  %s  used %d of %d, %d available%s%n",
                            disk.path(),
                            disk.used(),
                            disk.capacity(),
                            disk.available(),
                            disk.failed() ? "  FAILED" : disk.full() ? "  FULL" : ""));
            out.println("Ratis dirs:");
            detail.ratisDirs()
                    .forEach(disk -> out.printf(
                            "  %s  %d groups%s%n", disk.path(), disk.used(), disk.failed() ? "  FAILED" : ""));
        }
    }
}
