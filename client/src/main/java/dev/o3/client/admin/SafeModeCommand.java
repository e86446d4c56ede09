package dev.o3.client.admin;

import dev.o3.client.cli.JsonOutput;
import dev.o3.proto.scm.SafeModeStatusResponse;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.Map;
import picocli.CommandLine.Command;

/** {@code ozone admin safemode status}. */
@Command(
        name = "safemode",
        mixinStandardHelpOptions = true,
        description = "SCM safe mode.",
        subcommands = {SafeModeCommand.Status.class})
final class SafeModeCommand {
    private SafeModeCommand() {}

    @Command(name = "status", mixinStandardHelpOptions = true, description = "Is SCM in safe mode?")
    static final class Status extends AdminSubcommand {
        @Override
        void run(ScmAdminClient scm, PrintWriter out, boolean json) throws IOException {
            SafeModeStatusResponse status = scm.safeMode();
            if (json) {
                JsonOutput.print(out, Map.of("inSafeMode", status.getInSafeMode(), "reason", status.getReason()));
            } else if (status.getInSafeMode()) {
                out.println("SCM is in safe mode: " + status.getReason());
            } else {
                out.println("SCM is out of safe mode.");
            }
        }
    }
}
