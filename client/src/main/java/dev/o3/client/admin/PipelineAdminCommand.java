package dev.o3.client.admin;

import dev.o3.client.cli.JsonOutput;
import dev.o3.proto.hdds.DatanodeDetails;
import dev.o3.proto.hdds.Pipeline;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code ozone admin pipeline list|close}. */
@Command(
        name = "pipeline",
        mixinStandardHelpOptions = true,
        description = "Raft pipelines placed by SCM.",
        subcommands = {PipelineAdminCommand.ListPipelines.class, PipelineAdminCommand.Close.class})
final class PipelineAdminCommand {
    private PipelineAdminCommand() {}

    /** A member of a pipeline. */
    record Member(String uuid, String hostName, String rack, boolean leader) {}

    /** One pipeline in a listing. */
    record Row(String id, String state, String replication, String leader, List<Member> members) {
        static Row of(Pipeline pipeline) {
            List<Member> members = pipeline.getMembersList().stream()
                    .map(member -> member(member, pipeline.getLeaderId()))
                    .toList();
            return new Row(
                    pipeline.getId(),
                    pipeline.getState().name().replace("PIPELINE_", ""),
                    pipeline.getReplication().getType() + "/"
                            + pipeline.getReplication().getFactor(),
                    pipeline.getLeaderId(),
                    members);
        }

        private static Member member(DatanodeDetails datanode, String leaderId) {
            return new Member(
                    datanode.getUuid(),
                    datanode.getHostName(),
                    datanode.getNetworkLocation(),
                    datanode.getUuid().equals(leaderId));
        }
    }

    @Command(name = "list", aliases = "ls", mixinStandardHelpOptions = true, description = "List pipelines.")
    static final class ListPipelines extends AdminSubcommand {
        @Override
        void run(ScmAdminClient scm, PrintWriter out, boolean json) throws IOException {
            List<Row> rows = scm.pipelines().stream().map(Row::of).toList();
            if (json) {
                JsonOutput.print(out, rows);
                return;
            }
            for (Row row : rows) {
                String members = row.members().stream()
                        .map(member -> (member.leader() ? "*" : "") + member.hostName() + member.rack())
                        .collect(Collectors.joining(", "));
                out.printf("%s  %-9s  %s  [%s]%n", row.id(), row.state(), row.replication(), members);
            }
            out.printf("%d pipelines (* = leader)%n", rows.size());
        }
    }

    @Command(
            name = "close",
            mixinStandardHelpOptions = true,
            description = "Close a pipeline: its open containers close and its members leave the Raft group.")
    static final class Close extends AdminSubcommand {
        @Parameters(paramLabel = "PIPELINE_ID")
        private String id;

        @Override
        void run(ScmAdminClient scm, PrintWriter out, boolean json) throws IOException {
            scm.closePipeline(id);
            if (json) {
                JsonOutput.print(out, Map.of("id", id, "state", "CLOSED"));
            } else {
                out.printf("Pipeline %s is closed.%n", id);
            }
        }
    }
}
