package dev.o3.client.admin;

import dev.o3.client.cli.ConfigOptions;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** An admin command against SCM: opens the admin client, runs, closes it. */
abstract class AdminSubcommand implements Callable<Integer> {
    @Mixin
    private ConfigOptions config;

    @Option(names = "--json", description = "Print JSON.")
    private boolean json;

    @Spec
    private CommandSpec spec;

    @Override
    public final Integer call() throws IOException {
        try (ScmAdminClient scm = new ScmAdminClient(config.load())) {
            run(scm, spec.commandLine().getOut(), json);
        }
        return 0;
    }

    abstract void run(ScmAdminClient scm, PrintWriter out, boolean json) throws IOException;
}
