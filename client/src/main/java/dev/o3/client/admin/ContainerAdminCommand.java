package dev.o3.client.admin;

import dev.o3.client.cli.JsonOutput;
import dev.o3.proto.scm.ContainerInfo;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code ozone admin container list|info}. */
@Command(
        name = "container",
        mixinStandardHelpOptions = true,
        description = "Containers tracked by SCM.",
        subcommands = {ContainerAdminCommand.ListContainers.class, ContainerAdminCommand.Info.class})
final class ContainerAdminCommand {
    private ContainerAdminCommand() {}

    /** One container. */
    record Row(long id, String state, String pipelineId, long usedBytes, long keyCount, List<String> replicas) {
        static Row of(ContainerInfo info) {
            return new Row(
                    info.getContainerId(),
                    info.getState().name().replace("CONTAINER_", ""),
                    info.getPipelineId(),
                    info.getUsedBytes(),
                    info.getKeyCount(),
                    info.getReplicaDatanodeUuidsList());
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

    @Command(name = "info", mixinStandardHelpOptions = true, description = "Show one container as JSON.")
    static final class Info extends AdminSubcommand {
        @Parameters(paramLabel = "CONTAINER_ID")
        private long id;

        @Override
        void run(ScmAdminClient scm, PrintWriter out, boolean json) throws IOException {
            ContainerInfo info = scm.containers(id, 1).stream()
                    .filter(container -> container.getContainerId() == id)
                    .findFirst()
                    .orElseThrow(() -> new IllegalArgumentException("container " + id + " does not exist"));
            JsonOutput.print(out, Row.of(info));
        }
    }
}
