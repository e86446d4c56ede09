package dev.o3.dist;

import dev.o3.client.cli.ConfigOptions;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * A command whose part is not built yet: it validates the configuration, then says so in one line and exits with
 * status 1. Replaced by the real command when its issue lands.
 */
@Command(mixinStandardHelpOptions = true)
final class PendingCommand implements Callable<Integer> {
    private final String part;
    private final int issue;

    @Mixin
    private ConfigOptions config;

    @Spec
    private CommandSpec spec;

    PendingCommand(String part, int issue) {
        this.part = part;
        this.issue = issue;
    }

    @Override
    public Integer call() {
        config.load();
        spec.commandLine()
                .getErr()
                .println(spec.qualifiedName() + ": " + part + " is not built yet (issue #" + issue + ").");
        return 1;
    }
}
