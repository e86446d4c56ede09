package dev.o3.client.shell;

import dev.o3.client.api.DelegationTokenClient;
import dev.o3.client.api.OzoneClient;
import dev.o3.common.security.DelegationTokens;
import dev.o3.common.security.TokenFile;
import dev.o3.proto.om.DelegationToken;
import dev.o3.proto.om.DelegationTokenIdentifier;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Instant;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code ozone sh token get|renew|cancel|print}: delegation tokens for jobs (docs/security.md). */
@Command(
        name = "token",
        mixinStandardHelpOptions = true,
        description = "Delegation tokens: a job signs its OM calls with one instead of your access key.",
        subcommands = {
            TokenCommand.Get.class,
            TokenCommand.Renew.class,
            TokenCommand.Cancel.class,
            TokenCommand.Print.class
        })
final class TokenCommand {
    private TokenCommand() {}

    @Command(
            name = "get",
            mixinStandardHelpOptions = true,
            description = "Get a token for yourself (signed with your access key) and write it to FILE (mode 0600).")
    static final class Get extends ClientCommand {
        @Option(
                names = {"-t", "--file"},
                required = true,
                paramLabel = "FILE",
                description = "Where to write it.")
        private Path file;

        @Option(
                names = {"-r", "--renewer"},
                defaultValue = "",
                description = "Who may renew it (default: you).")
        private String renewer;

        @Override
        void run(OzoneClient client, PrintWriter out) {
            DelegationTokenClient.IssuedToken issued = client.delegationTokens().get(renewer);
            TokenFile.write(file, issued.token());
            DelegationTokenIdentifier identifier = identifierOf(issued.token());
            out.println("Wrote " + DelegationTokens.describe(identifier) + " to " + file + "; valid until "
                    + issued.expiry() + " unless renewed by " + identifier.getRenewer() + ", at most until "
                    + Instant.ofEpochMilli(identifier.getMaxMillis()));
        }
    }

    @Command(
            name = "renew",
            mixinStandardHelpOptions = true,
            description = "Renew the token in FILE (its renewer only).")
    static final class Renew extends ClientCommand {
        @Mixin
        private TokenFileOption tokenFile;

        @Override
        void run(OzoneClient client, PrintWriter out) {
            DelegationToken token = tokenFile.read();
            Instant expiry = client.delegationTokens().renew(token);
            out.println("Renewed " + DelegationTokens.describe(identifierOf(token)) + " until " + expiry);
        }
    }

    @Command(
            name = "cancel",
            mixinStandardHelpOptions = true,
            description = "Cancel the token in FILE (its owner or renewer): no OM accepts it again.")
    static final class Cancel extends ClientCommand {
        @Mixin
        private TokenFileOption tokenFile;

        @Override
        void run(OzoneClient client, PrintWriter out) {
            DelegationToken token = tokenFile.read();
            client.delegationTokens().cancel(token);
            out.println("Cancelled " + DelegationTokens.describe(identifierOf(token)));
        }
    }

    @Command(
            name = "print",
            mixinStandardHelpOptions = true,
            description = "Print what the token in FILE says (no cluster needed; its password is not printed).")
    static final class Print implements Callable<Integer> {
        @Mixin
        private TokenFileOption tokenFile;

        @Spec
        private CommandSpec spec;

        @Override
        public Integer call() {
            DelegationToken token = tokenFile.read();
            DelegationTokenIdentifier identifier = identifierOf(token);
            PrintWriter out = spec.commandLine().getOut();
            out.println("kind: " + token.getKind());
            out.println("service: " + token.getService());
            out.println("owner: " + identifier.getOwner());
            out.println("renewer: " + identifier.getRenewer());
            out.println("sequence number: " + identifier.getSequenceNumber());
            out.println("issued: " + Instant.ofEpochMilli(identifier.getIssueMillis()));
            out.println("max date: " + Instant.ofEpochMilli(identifier.getMaxMillis()));
            out.println("key id: " + identifier.getKeyId());
            return 0;
        }
    }

    /** The {@code -t FILE} option of the commands that read a token file. */
    static final class TokenFileOption {
        @Option(
                names = {"-t", "--file"},
                required = true,
                paramLabel = "FILE",
                description = "The token file.")
        private Path file;

        DelegationToken read() {
            return TokenFile.read(file);
        }
    }

    private static DelegationTokenIdentifier identifierOf(DelegationToken token) {
        return DelegationTokens.parse(token.getIdentifier().toByteArray());
    }
}
