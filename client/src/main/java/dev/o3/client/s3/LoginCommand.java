package dev.o3.client.s3;

import dev.o3.client.api.OzoneClient;
import dev.o3.client.cli.ConfigOptions;
import dev.o3.common.config.OzoneConfiguration;
import dev.o3.common.security.CredentialFile;
import dev.o3.common.security.UserCredential;
import java.io.BufferedReader;
import java.io.Console;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code ozone login}: stores the user's access key and secret (as an administrator's {@code ozone s3 getsecret -u
 * USER} printed them) in the credential file, after checking them against OM with one signed call, so that later
 * commands sign their calls with it.
 */
@Command(
        name = "login",
        mixinStandardHelpOptions = true,
        description = "Check an access key and secret against OM and store them in your credential file"
                + " (~/.ozone/credentials, mode 0600), with which ozone sh/admin/fs/freon sign their calls.")
public final class LoginCommand implements Callable<Integer> {
    @Mixin
    private ConfigOptions config;

    @Option(names = "--access-key", required = true, paramLabel = "KEY", description = "Access key id (user name).")
    private String accessKey;

    @Option(
            names = "--secret-stdin",
            description = "Read the secret from the first line of standard input instead of asking for it.")
    private boolean secretFromStdin;

    @Option(
            names = "--file",
            paramLabel = "FILE",
            description = "Credential file to write (default: $O3_CREDENTIALS, else ~/.ozone/credentials).")
    private Path file;

    @Spec
    private CommandSpec spec;

    @Override
    public Integer call() {
        UserCredential credential = new UserCredential(accessKey, readSecret());
        OzoneConfiguration conf = config.load();
        try (OzoneClient client = OzoneClient.create(conf, accessKey, Optional.of(credential))) {
            client.objectStore().existingS3Secret(accessKey);
        }
        Path target = file == null ? CredentialFile.defaultLocation() : file;
        CredentialFile.write(target, credential);
        spec.commandLine().getOut().println("Logged in as " + accessKey + "; credential written to " + target);
        return 0;
    }

    // On JDK 17, which O3 targets, System.console() is null exactly when there is no terminal to ask on.
    @SuppressWarnings("SystemConsoleNull")
    private String readSecret() {
        Console console = System.console();
        if (!secretFromStdin && console != null) {
            char[] typed = console.readPassword("Secret of %s: ", accessKey);
            return typed == null ? "" : new String(typed).trim();
        }
        try {
            String line = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8)).readLine();
            return line == null ? "" : line.trim();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the secret: " + e.getMessage(), e);
        }
    }
}
