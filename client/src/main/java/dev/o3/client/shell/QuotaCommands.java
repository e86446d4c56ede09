package dev.o3.client.shell;

import dev.o3.client.api.OzoneClient;
import dev.o3.client.cli.OzonePath;
import dev.o3.common.config.DataSize;
import java.io.PrintWriter;
import java.util.OptionalLong;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code ozone sh volume|bucket setquota|clrquota}: space and namespace quotas, which the OM enforces on every write
 * (a quota below the current use refuses the next write, not the data already there).
 */
final class QuotaCommands {
    private QuotaCommands() {}

    /** What a quota command changes. */
    private interface Target {
        void set(OzoneClient client, OzonePath path, OptionalLong bytes, OptionalLong namespace);
    }

    private static final Target VOLUME = (client, path, bytes, namespace) ->
            client.objectStore().getVolume(path.volume()).setQuota(bytes, namespace);
    private static final Target BUCKET = (client, path, bytes, namespace) ->
            client.objectStore().bucket(path.volume(), path.requireBucket()).setQuota(bytes, namespace);

    /** Sets a space and/or namespace quota. */
    abstract static class SetQuota extends ClientCommand {
        @Parameters(paramLabel = "PATH", description = "/VOLUME or /VOLUME/BUCKET.")
        private String path;

        @Option(names = "--space-quota", paramLabel = "SIZE", description = "Bytes the keys may take, e.g. 10MB, 1GB.")
        private String spaceQuota;

        @Option(names = "--namespace-quota", paramLabel = "N", description = "How many keys (or buckets) it may hold.")
        private Long namespaceQuota;

        abstract Target target();

        @Override
        void run(OzoneClient client, PrintWriter out) {
            if (spaceQuota == null && namespaceQuota == null) {
                throw new IllegalArgumentException("give --space-quota and/or --namespace-quota");
            }
            OptionalLong bytes = spaceQuota == null
                    ? OptionalLong.empty()
                    : OptionalLong.of(positive(DataSize.parse(spaceQuota).bytes()));
            OptionalLong namespace =
                    namespaceQuota == null ? OptionalLong.empty() : OptionalLong.of(positive(namespaceQuota));
            target().set(client, OzonePath.parse(path), bytes, namespace);
        }

        private static long positive(long quota) {
            if (quota <= 0) {
                throw new IllegalArgumentException("a quota must be positive, got " + quota);
            }
            return quota;
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
