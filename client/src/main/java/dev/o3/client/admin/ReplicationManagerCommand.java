package dev.o3.client.admin;

import dev.o3.client.cli.JsonOutput;
import dev.o3.proto.scm.ReplicationManagerAction;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.Map;
import picocli.CommandLine.Command;

/** {@code ozone admin replicationmanager start|stop|status}. */
@Command(
        name = "replicationmanager",
        mixinStandardHelpOptions = true,
        description = "SCM's replication manager, which keeps three healthy replicas of every closed container.",
        subcommands = {
            ReplicationManagerCommand.Start.class,
            ReplicationManagerCommand.Stop.class,
            ReplicationManagerCommand.Status.class
        })
final class ReplicationManagerCommand {
    private ReplicationManagerCommand() {}

    private static void print(PrintWriter out, boolean json, boolean running) {
        if (json) {
            JsonOutput.print(out, Map.of("running", running));
        } else {
            out.println("ReplicationManager is " + (running ? "Running." : "Not Running."));
        }
    }

    @Command(name = "start", mixinStandardHelpOptions = true, description = "Let it send commands again.")
    static final class Start extends AdminSubcommand {
        @Override
        void run(ScmAdminClient scm, PrintWriter out, boolean json) throws IOException {
            print(out, json, scm.replicationManager(ReplicationManagerAction.START));
        }
    }

    @Command(
            name = "stop",
            mixinStandardHelpOptions = true,
            description = "Stop sending replicate and delete commands (scans and the report go on).")
    static final class Stop extends AdminSubcommand {
        @Override
        void run(ScmAdminClient scm, PrintWriter out, boolean json) throws IOException {
            print(out, json, scm.replicationManager(ReplicationManagerAction.STOP));
        }
    }

    @Command(name = "status", mixinStandardHelpOptions = true, description = "Is it running?")
    static final class Status extends AdminSubcommand {
        @Override
        void run(ScmAdminClient scm, PrintWriter out, boolean json) throws IOException {
            print(out, json, scm.replicationManager(ReplicationManagerAction.STATUS));
        }
    }
}
