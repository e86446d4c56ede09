package dev.o3.client.shell;

import dev.o3.client.api.OzoneClient;
import dev.o3.client.cli.OzonePath;
import dev.o3.common.config.DataSize;
import java.io.PrintWriter;
import java.util.Optional;
import java.util.OptionalLong;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code ozone sh volume|bucket setquota|clrquota|update}: space and namespace quotas, which the OM enforces on every
 * write (a quota below the current use refuses the next write, not the data already there), and owners.
 */
final class QuotaCommands {
    private QuotaCommands() {}

    /** What a quota command changes. */
    private interface Target {
        void set(
                OzoneClient client, OzonePath path, Optional<String> owner, OptionalLong bytes, OptionalLong namespace);
    }

    private static final Target VOLUME = (client, path, owner, bytes, namespace) ->
            client.objectStore().getVolume(path.volume()).update(owner, bytes, namespace);
    private static final Target BUCKET = (client, path, owner, bytes, namespace) ->
            client.objectStore().bucket(path.volume(), path.requireBucket()).update(owner, bytes, namespace);

    /** Sets a space and/or namespace quota. */
    abstract static class SetQuota extends ClientCommand {
        @Parameters(paramLabel = "PATH", description = "/VOLUME or /VOLUME/BUCKET.")
        private String path;

        @Option(names = "--space-quota", paramLabel = "SIZE", description = "Bytes the keys may take, e.g. 10MB, 1GB.")
        private String spaceQuota;

        @Option(names = "--namespace-quota", paramLabel = "N", description = "How many keys (or buckets) it may hold.")
        private Long namespaceQuota;

        abstract Target target();

        /** The new owner, if the command changes it. */
        Optional<String> owner() {
            return Optional.empty();
        }

        @Override
        void run(OzoneClient client, PrintWriter out) {
            if (spaceQuota == null && namespaceQuota == null && owner().isEmpty()) {
                throw new IllegalArgumentException("give " + what());
            }
            OptionalLong bytes = spaceQuota == null
                    ? OptionalLong.empty()
                    : OptionalLong.of(positive(DataSize.parse(spaceQuota).bytes()));
            OptionalLong namespace =
                    namespaceQuota == null ? OptionalLong.empty() : OptionalLong.of(positive(namespaceQuota));
            target().set(client, OzonePath.parse(path), owner(), bytes, namespace);
        }

        String what() {
            return "--space-quota and/or --namespace-quota";
        }

        private static long positive(long quota) {
            if (quota <= 0) {
                throw new IllegalArgumentException("a quota must be positive, got " + quota);
            }
            return quota;
        }
    }

    /** Changes the owner and/or the quotas in one OM transaction. */
    abstract static class Update extends SetQuota {
        @Option(
                names = "--owner",
                paramLabel = "USER",
                description = "New owner (a volume's: administrators only; a bucket's: the volume's owner).")
        private String owner;

        @Override
        Optional<String> owner() {
            if (owner != null && owner.isBlank()) {
                throw new IllegalArgumentException("--owner must name a user");
            }
            return Optional.ofNullable(owner);
        }

        @Override
        String what() {
            return "--owner, --space-quota and/or --namespace-quota";
        }
    }

    /** Clears the space and/or namespace quota. */
    abstract static class ClearQuota extends ClientCommand {
        @Parameters(paramLabel = "PATH", description = "/VOLUME or /VOLUME/BUCKET.")
        private String path;

        @Option(names = "--space-quota", description = "Clear the space quota.")
        private boolean space;

        @Option(names = "--namespace-quota", description = "Clear the namespace quota.")
        private boolean namespace;

        abstract Target target();

        @Override
        void run(OzoneClient client, PrintWriter out) {
            if (!space && !namespace) {
                throw new IllegalArgumentException("give --space-quota and/or --namespace-quota");
            }
            target().set(
                            client,
                            OzonePath.parse(path),
                            Optional.empty(),
                            space ? OptionalLong.of(-1) : OptionalLong.empty(),
                            namespace ? OptionalLong.of(-1) : OptionalLong.empty());
        }
    }

    @Command(name = "setquota", mixinStandardHelpOptions = true, description = "Set a volume's quotas.")
    static final class VolumeSet extends SetQuota {
        @Override
        Target target() {
            return VOLUME;
        }
    }

    @Command(name = "clrquota", mixinStandardHelpOptions = true, description = "Clear a volume's quotas.")
    static final class VolumeClear extends ClearQuota {
        @Override
        Target target() {
            return VOLUME;
        }
    }

    @Command(name = "update", mixinStandardHelpOptions = true, description = "Change a volume's owner and/or quotas.")
    static final class VolumeUpdate extends Update {
        @Override
        Target target() {
            return VOLUME;
        }
    }

    @Command(name = "update", mixinStandardHelpOptions = true, description = "Change a bucket's owner and/or quotas.")
    static final class BucketUpdate extends Update {
        @Override
        Target target() {
            return BUCKET;
        }
    }

    @Command(name = "setquota", mixinStandardHelpOptions = true, description = "Set a bucket's quotas.")
    static final class BucketSet extends SetQuota {
        @Override
        Target target() {
            return BUCKET;
        }
    }

    @Command(name = "clrquota", mixinStandardHelpOptions = true, description = "Clear a bucket's quotas.")
    static final class BucketClear extends ClearQuota {
        @Override
        Target target() {
            return BUCKET;
        }
    }
}
