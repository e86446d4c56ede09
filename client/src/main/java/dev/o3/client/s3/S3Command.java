package dev.o3.client.s3;

import dev.o3.client.api.OzoneClient;
import dev.o3.client.api.S3Secret;
import dev.o3.client.cli.ConfigOptions;
import dev.o3.common.security.CredentialFile;
import dev.o3.common.security.UserCredential;
import java.io.PrintWriter;
import java.nio.file.Path;
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
                description = "Whose secret (an admin may name any user; default: your own, the user of your"
                        + " credential file or else the OS user).",
                defaultValue = "")
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

        /**
         * Runs the command.
         *
         * @param user whose secret; empty: the caller's own
         */
        abstract void run(OzoneClient client, String user, PrintWriter out);
    }

    @Command(
            name = "getsecret",
            mixinStandardHelpOptions = true,
            description = "Print the S3 access key and secret of a user, creating them on first use.")
    static final class GetSecret extends SecretCommand {
        @Option(
                names = "--save",
                paramLabel = "FILE",
                arity = "0..1",
                fallbackValue = "",
                description = "Also write the key to a credential file (mode 0600) that ozone sh/admin/fs sign their"
                        + " calls with; without FILE: your own (~/.ozone/credentials, or $O3_CREDENTIALS).")
        private String save;

        @Override
        void run(OzoneClient client, String user, PrintWriter out) {
            S3Secret secret = client.objectStore().getS3Secret(user);
            out.printf("awsAccessKey=%s%nawsSecret=%s%n", secret.accessKey(), secret.secret());
            if (save != null) {
                Path file = save.isEmpty() ? CredentialFile.defaultLocation() : Path.of(save);
                CredentialFile.write(file, new UserCredential(secret.accessKey(), secret.secret()));
                out.println("Credential of " + secret.accessKey() + " written to " + file);
            }
        }
    }

    @Command(name = "revokesecret", mixinStandardHelpOptions = true, description = "Remove the S3 secret of a user.")
    static final class RevokeSecret extends SecretCommand {
        @Override
        void run(OzoneClient client, String user, PrintWriter out) {
            client.objectStore().revokeS3Secret(user);
            out.println(user.isEmpty() ? "Your S3 secret was revoked." : "S3 secret of " + user + " revoked.");
        }
    }
}
