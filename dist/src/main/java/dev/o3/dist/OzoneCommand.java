package dev.o3.dist;

import dev.o3.client.admin.AdminCommand;
import dev.o3.client.om.OmException;
import dev.o3.client.s3.LoginCommand;
import dev.o3.client.s3.S3Command;
import dev.o3.client.shell.ShellCommand;
import dev.o3.common.config.ConfigException;
import dev.o3.common.config.OzoneConfiguration;
import dev.o3.datanode.server.DatanodeServer;
import dev.o3.freon.FreonCommand;
import dev.o3.om.server.OzoneManagerServer;
import dev.o3.s3gateway.ozone.OzoneS3GatewayDaemon;
import dev.o3.scm.server.ScmServer;
import dev.o3.server.lifecycle.Daemon;
import java.io.PrintWriter;
import java.time.Clock;
import java.util.function.Function;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.IVersionProvider;

/**
 * The root of the {@code ozone} command tree. Errors end as one line on stderr and a non-zero exit code: 2 for a
 * usage error, 1 for anything else (a bad configuration value, an unreachable service); never a stack trace.
 */
@Command(
        name = "ozone",
        mixinStandardHelpOptions = true,
        versionProvider = OzoneCommand.Version.class,
        description = "O3, an Ozone-style object store: run a daemon, the shells, freon or an embedded cluster.",
        footer = {
            "Daemons in the background: ozone --daemon start|stop|status ROLE [options]",
            "(ROLE: scm, om, datanode or s3g; pid and log files: docs/deployment.md)"
        },
        subcommands = {
            VersionCommand.class,
            ShellCommand.class,
            AdminCommand.class,
            S3Command.class,
            LoginCommand.class,
            FreonCommand.class,
            LocalCommand.class,
            FsCommand.class
        })
public final class OzoneCommand implements Runnable {
    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    /** Runs the command line and returns the process exit code. */
    public static int run(String[] args, PrintWriter out, PrintWriter err) {
        CommandLine commandLine = new CommandLine(new OzoneCommand());
        addDaemon(
                commandLine,
                "scm",
                "Run the Storage Container Manager.",
                conf -> new ScmServer(conf, Clock.systemUTC()));
        addDaemon(commandLine, "om", "Run the Ozone Manager.", conf -> new OzoneManagerServer(conf, Clock.systemUTC()));
        addDaemon(commandLine, "datanode", "Run a datanode.", DatanodeServer::new);
        addDaemon(commandLine, "s3g", "Run the S3 gateway.", conf -> new OzoneS3GatewayDaemon(conf, Clock.systemUTC()));
        commandLine.getSubcommands().get("fs").setUnmatchedOptionsArePositionalParams(true);
        ClientLogging.addVerboseOption(commandLine);
        commandLine.setOut(out).setErr(err);
        commandLine.setExecutionExceptionHandler((exception, cmd, parseResult) -> {
            cmd.getErr().println(cmd.getCommandSpec().qualifiedName() + ": " + oneLine(exception));
            return 1;
        });
        return commandLine.execute(args);
    }

    private static void addDaemon(
            CommandLine root, String name, String description, Function<OzoneConfiguration, Daemon> factory) {
        CommandLine sub = new CommandLine(new DaemonCommand(factory));
        sub.getCommandSpec().usageMessage().description(description);
        root.addSubcommand(name, sub);
    }

    private static String oneLine(Exception exception) {
        if (exception instanceof ConfigException) {
            return exception.getMessage();
        }
        if (exception instanceof OmException om) {
            return om.getMessage() + " (" + om.status() + ")";
        }
        String message = exception.getMessage();
        return message == null ? exception.getClass().getSimpleName() : message;
    }

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    /** Supplies {@code ozone --version}. */
    static final class Version implements IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[] {"O3 " + VersionCommand.version()};
        }
    }
}
