package dev.o3.client.admin;

import dev.o3.client.cli.JsonOutput;
import dev.o3.proto.scm.SafeModeStatusResponse;
import java.io.IOException;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.Map;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code ozone admin safemode status|exit|wait}. */
@Command(
        name = "safemode",
        mixinStandardHelpOptions = true,
        description = "SCM safe mode.",
        subcommands = {SafeModeCommand.Status.class, SafeModeCommand.Exit.class, SafeModeCommand.Wait.class})
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

    @Command(
            name = "exit",
            mixinStandardHelpOptions = true,
            description = "Make SCM leave safe mode now, whatever has registered.")
    static final class Exit extends AdminSubcommand {
        @Override
        void run(ScmAdminClient scm, PrintWriter out, boolean json) throws IOException {
            boolean was = scm.exitSafeMode();
            if (json) {
                JsonOutput.print(out, Map.of("wasInSafeMode", was, "inSafeMode", false));
            } else {
                out.println(was ? "SCM left safe mode." : "SCM was already out of safe mode.");
            }
        }
    }

    @Command(
            name = "wait",
            mixinStandardHelpOptions = true,
            description = "Wait until SCM is out of safe mode; fails after the timeout.")
    static final class Wait extends AdminSubcommand {
        private static final Duration POLL = Duration.ofSeconds(1);

        @Option(
                names = {"-t", "--timeout"},
                defaultValue = "30",
                description = "Give up after this many seconds (default ${DEFAULT-VALUE}).")
        private long timeoutSeconds;

        @Override
        void run(ScmAdminClient scm, PrintWriter out, boolean json) throws IOException {
            if (timeoutSeconds < 0) {
                throw new IllegalArgumentException("--timeout must not be negative, not " + timeoutSeconds);
            }
            long deadline =
                    System.nanoTime() + Duration.ofSeconds(timeoutSeconds).toNanos();
            SafeModeStatusResponse status = scm.safeMode();
            while (status.getInSafeMode() && System.nanoTime() - deadline < 0) {
                pause();
                status = scm.safeMode();
            }
            if (status.getInSafeMode()) {
                throw new IOException(
                        "SCM is still in safe mode after " + timeoutSeconds + " s: " + status.getReason());
            }
            if (json) {
                JsonOutput.print(out, Map.of("inSafeMode", false));
            } else {
                out.println("SCM is out of safe mode.");
            }
        }

        private static void pause() throws IOException {
            try {
                Thread.sleep(POLL.toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException("interrupted while waiting for SCM to leave safe mode", e);
            }
        }
    }
}
