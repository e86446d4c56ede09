package dev.o3.client.s3;

import dev.o3.client.api.OzoneClient;
import dev.o3.client.api.S3Secret;
import dev.o3.client.cli.ConfigOptions;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code ozone s3 getsecret|revokesecret}. */
@Command(
        name = "s3",
        mixinStandardHelpOptions = true,
        description = "S3 credentials.",
        subcommands = {S3Command.GetSecret.class, S3Command.RevokeSecret.class})
public final class S3Command {
    private S3Command() {}

    /** Options of both commands: configuration and the user whose secret it is. */
    abstract static class SecretCommand implements Callable<Integer> {
        @Mixin
        private ConfigOptions config;

        @Option(
                names = {"-u", "--user"},
                paramLabel = "USER",
                description = "Whose secret (an admin may name any user; default: the OS user).",
                defaultValue = "${sys:user.name}")
        private String user;

        @Spec
        private CommandSpec spec;

        @Override
        public final Integer call() {
            try (OzoneClient client = OzoneClient.create(config.load(), System.getProperty("user.name"))) {
                run(client, user, spec.commandLine().getOut());
            }
            return 0;
        }

        abstract void run(OzoneClient client, String user, PrintWriter out);
    }

    @Command(
            name = "getsecret",
            mixinStandardHelpOptions = true,
            description = "Print the S3 access key and secret of a user, creating them on first use.")
    static final class GetSecret extends SecretCommand {
        @Override
        void run(OzoneClient client, String user, PrintWriter out) {
            S3Secret secret = client.objectStore().getS3Secret(user);
            out.printf("awsAccessKey=%s%nawsSecret=%s%n", secret.accessKey(), secret.secret());
        }
    }

    @Command(name = "revokesecret", mixinStandardHelpOptions = true, description = "Remove the S3 secret of a user.")
    static final class RevokeSecret extends SecretCommand {
        @Override
        void run(OzoneClient client, String user, PrintWriter out) {
            client.objectStore().revokeS3Secret(user);
            out.println("S3 secret of " + user + " revoked.");
        }
    }
}
