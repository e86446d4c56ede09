package dev.o3.client.shell;

import dev.o3.client.api.BucketInfo;
import dev.o3.client.api.OzoneClient;
import dev.o3.client.cli.JsonOutput;
import dev.o3.client.cli.OzonePath;
import dev.o3.common.acl.CannedAcl;
import java.io.PrintWriter;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code ozone sh bucket create|info|list|delete|getacl|setacl|setquota|clrquota}. */
@Command(
        name = "bucket",
        mixinStandardHelpOptions = true,
        description = "Bucket commands.",
        subcommands = {
            BucketCommand.Create.class,
            BucketCommand.Info.class,
            BucketCommand.ListBuckets.class,
            BucketCommand.Delete.class,
            BucketCommand.GetAcl.class,
            BucketCommand.SetAcl.class,
            QuotaCommands.BucketSet.class,
            QuotaCommands.BucketClear.class,
            QuotaCommands.BucketUpdate.class
        })
final class BucketCommand {
    private BucketCommand() {}

    @Command(name = "create", mixinStandardHelpOptions = true, description = "Create a bucket.")
    static final class Create extends ClientCommand {
        @Parameters(paramLabel = "/VOLUME/BUCKET")
        private String path;

        @Option(
                names = {"--layout", "-l"},
                defaultValue = "OBJECT_STORE",
                description = "OBJECT_STORE (S3, flat keys) or FILE_SYSTEM_OPTIMIZED (directories, atomic rename).")
        private String layout;

        @Option(
                names = {"--replication", "-r"},
                defaultValue = "3",
                description = "Replication factor: 1 or 3.")
        private int replication;

        @Option(names = "--acl", defaultValue = "private", description = AclOptions.DESCRIPTION)
        private String acl;

        @Override
        void run(OzoneClient client, PrintWriter out) {
            if (replication != 1 && replication != 3) {
                throw new IllegalArgumentException("--replication must be 1 or 3, not " + replication);
            }
            OzonePath address = OzonePath.parse(path);
            String bucketLayout = "FSO".equalsIgnoreCase(layout) ? "FILE_SYSTEM_OPTIMIZED" : layout;
            String validLayout = "OBS".equalsIgnoreCase(bucketLayout) ? "OBJECT_STORE" : bucketLayout;
            if (!validLayout.equalsIgnoreCase("OBJECT_STORE")
                    && !validLayout.equalsIgnoreCase("FILE_SYSTEM_OPTIMIZED")) {
                throw new IllegalArgumentException(
                        "--layout must be OBJECT_STORE (OBS) or FILE_SYSTEM_OPTIMIZED (FSO)");
            }
            client.objectStore()
                    .getVolume(address.volume())
                    .createBucket(address.requireBucket(), validLayout, replication, CannedAcl.parse(acl));
        }
    }

    @Command(name = "info", mixinStandardHelpOptions = true, description = "Show a bucket as JSON.")
    static final class Info extends ClientCommand {
        @Parameters(paramLabel = "/VOLUME/BUCKET")
        private String path;

        @Override
        void run(OzoneClient client, PrintWriter out) {
            OzonePath address = OzonePath.parse(path);
            JsonOutput.print(
                    out,
                    client.objectStore()
                            .getVolume(address.volume())
                            .getBucket(address.requireBucket())
                            .info());
        }
    }

    @Command(name = "list", aliases = "ls", mixinStandardHelpOptions = true, description = "List a volume's buckets.")
    static final class ListBuckets extends ClientCommand {
        @Parameters(paramLabel = "/VOLUME")
        private String path;

        @Option(names = "--prefix", defaultValue = "", description = "Only buckets starting with this.")
        private String prefix;

        @Option(names = "--json", description = "Print JSON.")
        private boolean json;

        @Override
        void run(OzoneClient client, PrintWriter out) {
            List<BucketInfo> buckets = client.objectStore()
                    .getVolume(OzonePath.parse(path).volume())
                    .listBuckets(prefix);
            if (json) {
                JsonOutput.print(out, buckets);
            } else {
                buckets.forEach(bucket -> out.println(bucket.name()));
            }
        }
    }

    @Command(
            name = "getacl",
            mixinStandardHelpOptions = true,
            description = "Show a bucket's owner, canned ACL and grants as JSON (owner, administrator or READ_ACP).")
    static final class GetAcl extends ClientCommand {
        @Parameters(paramLabel = "/VOLUME/BUCKET")
        private String path;

        @Override
        void run(OzoneClient client, PrintWriter out) {
            OzonePath address = OzonePath.parse(path);
            JsonOutput.print(
                    out,
                    client.objectStore()
                            .bucket(address.volume(), address.requireBucket())
                            .acl());
        }
    }

    @Command(
            name = "setacl",
            mixinStandardHelpOptions = true,
            description = "Set a bucket's canned ACL (owner or administrator); S3 clients see the same ACL.")
    static final class SetAcl extends ClientCommand {
        @Parameters(paramLabel = "/VOLUME/BUCKET")
        private String path;

        @Option(names = "--acl", required = true, description = AclOptions.DESCRIPTION)
        private String acl;

        @Override
        void run(OzoneClient client, PrintWriter out) {
            OzonePath address = OzonePath.parse(path);
            client.objectStore()
                    .bucket(address.volume(), address.requireBucket())
                    .setAcl(CannedAcl.parse(acl));
        }
    }

    @Command(name = "delete", mixinStandardHelpOptions = true, description = "Delete an empty bucket.")
    static final class Delete extends ClientCommand {
        @Parameters(paramLabel = "/VOLUME/BUCKET")
        private String path;

        @Override
        void run(OzoneClient client, PrintWriter out) {
            OzonePath address = OzonePath.parse(path);
            client.objectStore().getVolume(address.volume()).deleteBucket(address.requireBucket());
        }
    }
}
