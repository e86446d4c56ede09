package dev.o3.client.shell;

import dev.o3.client.api.KeyInfo;
import dev.o3.client.api.OzoneBucket;
import dev.o3.client.api.OzoneClient;
import dev.o3.client.cli.JsonOutput;
import dev.o3.client.cli.OzonePath;
import dev.o3.common.acl.CannedAcl;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code ozone sh key put|get|cat|info|list|delete|rename|getacl|setacl}. */
@Command(
        name = "key",
        mixinStandardHelpOptions = true,
        description = "Key commands.",
        subcommands = {
            KeyCommand.Put.class,
            KeyCommand.Get.class,
            KeyCommand.Cat.class,
            KeyCommand.Info.class,
            KeyCommand.ListKeys.class,
            KeyCommand.Delete.class,
            KeyCommand.Rename.class,
            KeyCommand.GetAcl.class,
            KeyCommand.SetAcl.class
        })
final class KeyCommand {
    private static final int COPY_BUFFER = 1 << 20;

    private KeyCommand() {}

    /** The addressed bucket, without fetching it: a key's own ACL may admit a caller the bucket does not. */
    static OzoneBucket bucket(OzoneClient client, OzonePath address) {
        return client.objectStore().bucket(address.volume(), address.requireBucket());
    }

    @Command(
            name = "getacl",
            mixinStandardHelpOptions = true,
            description = "Show a key's owner (its bucket's), canned ACL and grants as JSON (owner, administrator or"
                    + " READ_ACP).")
    static final class GetAcl extends ClientCommand {
        @Parameters(paramLabel = "/VOLUME/BUCKET/KEY")
        private String path;

        @Override
        void run(OzoneClient client, PrintWriter out) {
            OzonePath address = OzonePath.parse(path);
            JsonOutput.print(out, bucket(client, address).keyAcl(address.requireKey()));
        }
    }

    @Command(
            name = "setacl",
            mixinStandardHelpOptions = true,
            description = "Set a key's canned ACL (bucket owner or administrator); it lets others read the key.")
    static final class SetAcl extends ClientCommand {
        @Parameters(paramLabel = "/VOLUME/BUCKET/KEY")
        private String path;

        @Option(names = "--acl", required = true, description = AclOptions.DESCRIPTION)
        private String acl;

        @Override
        void run(OzoneClient client, PrintWriter out) {
            OzonePath address = OzonePath.parse(path);
            bucket(client, address).setKeyAcl(address.requireKey(), CannedAcl.parse(acl));
        }
    }

    @Command(name = "put", mixinStandardHelpOptions = true, description = "Upload a local file as a key.")
    static final class Put extends ClientCommand {
        @Parameters(index = "0", paramLabel = "/VOLUME/BUCKET/KEY")
        private String path;

        @Parameters(index = "1", paramLabel = "FILE")
        private Path file;

        @Override
        void run(OzoneClient client, PrintWriter out) throws IOException {
            OzonePath address = OzonePath.parse(path);
            String key = address.requireKey();
            if (!Files.isRegularFile(file)) {
                throw new NoSuchFileException(file + " (not a regular file)");
            }
            try (InputStream in = Files.newInputStream(file);
                    OutputStream target = bucket(client, address).createKey(key, Files.size(file), Map.of())) {
                in.transferTo(target);
            }
        }
    }

    @Command(
            name = "get",
            mixinStandardHelpOptions = true,
            description = "Download a key to a local file; an existing file is replaced once the download is complete.")
    static final class Get extends ClientCommand {
        @Parameters(index = "0", paramLabel = "/VOLUME/BUCKET/KEY")
        private String path;

        @Parameters(index = "1", paramLabel = "FILE")
        private Path file;

        // An existing file is replaced, as `aws s3 cp` and `mc cp` do: the download goes to a partial file first
        // and is renamed over the target only when complete, so a failed get leaves the old file whole. Apache
        // Ozone's `key get` refuses instead unless given --force; its scripts keep working here.
        @Option(
                names = "--force",
                description = "Accepted for Apache Ozone scripts: an existing file is replaced anyway.")
        private boolean force;

        @Option(
                names = {"-n", "--no-clobber"},
                description = "Refuse to replace an existing file.")
        private boolean noClobber;

        @Override
        void run(OzoneClient client, PrintWriter out) throws IOException {
            OzonePath address = OzonePath.parse(path);
            Path target = Files.isDirectory(file) ? file.resolve(lastSegment(address.requireKey())) : file;
            if (noClobber && !force && Files.exists(target)) {
                throw new FileAlreadyExistsException(target + " exists (--no-clobber)");
            }
            Path partial = target.resolveSibling(target.getFileName() + ".o3-partial");
            try (InputStream in = bucket(client, address).readKey(address.requireKey())) {
                Files.copy(in, partial, StandardCopyOption.REPLACE_EXISTING);
            } catch (IOException | RuntimeException e) {
                Files.deleteIfExists(partial);
                throw e;
            }
            Files.move(partial, target, StandardCopyOption.REPLACE_EXISTING);
        }

        private static String lastSegment(String key) {
            return key.substring(key.lastIndexOf('/') + 1);
        }
    }

    @Command(name = "cat", mixinStandardHelpOptions = true, description = "Write a key's content to stdout.")
    static final class Cat extends ClientCommand {
        @Parameters(paramLabel = "/VOLUME/BUCKET/KEY")
        private String path;

        @Override
        void run(OzoneClient client, PrintWriter out) throws IOException {
            OzonePath address = OzonePath.parse(path);
            out.flush();
            OutputStream stdout = new FileOutputStream(FileDescriptor.out);
            try (InputStream in = bucket(client, address).readKey(address.requireKey())) {
                byte[] buffer = new byte[COPY_BUFFER];
                for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
                    stdout.write(buffer, 0, n);
                }
            }
            stdout.flush();
        }
    }

    @Command(name = "info", mixinStandardHelpOptions = true, description = "Show a key as JSON.")
    static final class Info extends ClientCommand {
        @Parameters(paramLabel = "/VOLUME/BUCKET/KEY")
        private String path;

        @Override
        void run(OzoneClient client, PrintWriter out) {
            OzonePath address = OzonePath.parse(path);
            JsonOutput.print(out, bucket(client, address).getKey(address.requireKey()));
        }
    }

    @Command(name = "list", aliases = "ls", mixinStandardHelpOptions = true, description = "List a bucket's keys.")
    static final class ListKeys extends ClientCommand {
        @Parameters(paramLabel = "/VOLUME/BUCKET")
        private String path;

        @Option(names = "--prefix", defaultValue = "", description = "Only keys starting with this.")
        private String prefix;

        @Option(names = "--start", defaultValue = "", description = "Only keys after this one.")
        private String startAfter;

        @Option(
                names = {"--length", "-l"},
                defaultValue = "1000",
                description = "At most this many keys.")
        private int limit;

        @Option(names = "--json", description = "Print JSON.")
        private boolean json;

        @Override
        void run(OzoneClient client, PrintWriter out) {
            if (limit < 1) {
                throw new IllegalArgumentException("--length must be at least 1, not " + limit);
            }
            List<KeyInfo> keys = bucket(client, OzonePath.parse(path)).listKeys(prefix, startAfter, limit);
            if (json) {
                JsonOutput.print(out, keys);
            } else {
                keys.forEach(key -> out.println(key.name()));
            }
        }
    }

    @Command(name = "delete", aliases = "rm", mixinStandardHelpOptions = true, description = "Delete a key.")
    static final class Delete extends ClientCommand {
        @Parameters(paramLabel = "/VOLUME/BUCKET/KEY")
        private String path;

        @Override
        void run(OzoneClient client, PrintWriter out) {
            OzonePath address = OzonePath.parse(path);
            bucket(client, address).deleteKey(address.requireKey());
        }
    }

    @Command(name = "rename", mixinStandardHelpOptions = true, description = "Rename a key within its bucket.")
    static final class Rename extends ClientCommand {
        @Parameters(index = "0", paramLabel = "/VOLUME/BUCKET/KEY")
        private String path;

        @Parameters(index = "1", paramLabel = "NEW_KEY_NAME")
        private String newName;

        @Override
        void run(OzoneClient client, PrintWriter out) {
            OzonePath address = OzonePath.parse(path);
            bucket(client, address).renameKey(address.requireKey(), newName);
        }
    }
}
