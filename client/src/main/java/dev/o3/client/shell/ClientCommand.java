package dev.o3.client.shell;

import dev.o3.client.api.OzoneClient;
import dev.o3.client.cli.ConfigOptions;
import dev.o3.client.config.ClientConfigKeys;
import dev.o3.common.config.OzoneConfiguration;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** A command that talks to the cluster: loads the configuration, opens a client, runs, closes the client. */
abstract class ClientCommand implements Callable<Integer> {
    @Mixin
    private ConfigOptions config;

    @Option(
            names = "--user",
            paramLabel = "NAME",
            description = "User to act as (default: the OS user).",
            defaultValue = "${sys:user.name}")
    private String user;

    @Option(
            names = "--token",
            paramLabel = "FILE",
            description = "Sign with this delegation token file (ozone sh token get) instead of your credential,"
                    + " as the token's owner (default: $OZONE_TOKEN_FILE when set).")
    private Path token;

    @Spec
    private CommandSpec spec;

    @Override
    public final Integer call() throws IOException {
        OzoneConfiguration conf = config.load();
        if (token != null) {
            conf = conf.with(ClientConfigKeys.TOKEN_FILE, token);
        }
        try (OzoneClient client = OzoneClient.create(conf, user)) {
            run(client, spec.commandLine().getOut());
        }
        return 0;
    }

    /** Runs against the cluster; throws to fail with a one-line message. */
    abstract void run(OzoneClient client, PrintWriter out) throws IOException;
}
