package dev.o3.dist;

import java.util.Set;
import org.slf4j.bridge.SLF4JBridgeHandler;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ScopeType;

/**
 * Logging of the {@code ozone} process, set before the first logger exists (logback reads its configuration,
 * {@code logback.xml}, once). The shells ({@code sh}, {@code admin}, {@code s3}, {@code fs}) print their own output
 * and one-line errors only: the log lines of what they use (the O3 client, Ratis, gRPC, Hadoop) are dropped unless
 * the command line says {@value #VERBOSE}, then they go to stderr at {@code OZONE_LOG_LEVEL} (default info). In every
 * command
 * java.util.logging (gRPC, Ratis' shaded gRPC) goes through SLF4J, so that one level and format apply to it too.
 */
final class ClientLogging {
    static final String VERBOSE = "--verbose";
    /** The level of every logger but the audit ones (logback.xml); {@code bin/ozone} sets it from OZONE_LOG_LEVEL. */
    static final String LEVEL_PROPERTY = "o3.log.level";

    private static final Set<String> SHELLS = Set.of("sh", "admin", "s3", "fs");

    private ClientLogging() {}

    /** Configures logging for the command line {@code args}; call first in {@code main}. */
    static void configure(String[] args) {
        if (isQuiet(args)) {
            System.setProperty(LEVEL_PROPERTY, "off");
        }
        SLF4JBridgeHandler.removeHandlersForRootLogger();
        SLF4JBridgeHandler.install();
    }

    /** True for a shell command without {@value #VERBOSE} (before a {@code --} that ends the options). */
    static boolean isQuiet(String[] args) {
        if (args.length == 0 || !SHELLS.contains(args[0])) {
            return false;
        }
        for (String arg : args) {
            if (arg.equals("--")) {
                break;
            }
            if (arg.equals(VERBOSE)) {
                return false;
            }
        }
        return true;
    }

    /** Declares {@value #VERBOSE} on the shells and all their subcommands, for parsing and {@code --help}. */
    static void addVerboseOption(CommandLine root) {
        for (String shell : SHELLS) {
            root.getSubcommands()
                    .get(shell)
                    .getCommandSpec()
                    .addOption(OptionSpec.builder(VERBOSE)
                            .scopeType(ScopeType.INHERIT)
                            .description("Print the log lines of the client libraries (Ratis, gRPC) on stderr, at"
                                    + " $OZONE_LOG_LEVEL (default info); without it they are dropped.")
                            .build());
        }
    }
}
