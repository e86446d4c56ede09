package dev.o3.client.shell;

import dev.o3.client.api.OzoneClient;
import dev.o3.client.api.VolumeInfo;
import dev.o3.client.cli.JsonOutput;
import dev.o3.client.cli.OzonePath;
import java.io.PrintWriter;
import java.util.List;
import java.util.Optional;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code ozone sh volume create|info|list|delete|setquota|clrquota}. */
@Command(
        name = "volume",
        mixinStandardHelpOptions = true,
        description = "Volume commands.",
        subcommands = {
            VolumeCommand.Create.class,
            VolumeCommand.Info.class,
            VolumeCommand.ListVolumes.class,
            VolumeCommand.Delete.class,
            QuotaCommands.VolumeSet.class,
            QuotaCommands.VolumeClear.class,
            QuotaCommands.VolumeUpdate.class
        })
final class VolumeCommand {
    private VolumeCommand() {}

    @Command(name = "create", mixinStandardHelpOptions = true, description = "Create a volume.")
    static final class Create extends ClientCommand {
        @Parameters(paramLabel = "/VOLUME")
        private String path;

        @Option(names = "--owner", description = "Owner (default: the calling user).")
        private String owner;

        @Override
        void run(OzoneClient client, PrintWriter out) {
            client.objectStore().createVolume(OzonePath.parse(path).volume(), Optional.ofNullable(owner));
        }
    }

    @Command(name = "info", mixinStandardHelpOptions = true, description = "Show a volume as JSON.")
    static final class Info extends ClientCommand {
        @Parameters(paramLabel = "/VOLUME")
        private String path;

        @Override
        void run(OzoneClient client, PrintWriter out) {
            JsonOutput.print(
                    out,
                    client.objectStore()
                            .getVolume(OzonePath.parse(path).volume())
                            .info());
        }
    }

    @Command(name = "list", aliases = "ls", mixinStandardHelpOptions = true, description = "List volumes.")
    static final class ListVolumes extends ClientCommand {
        @Option(names = "--prefix", defaultValue = "", description = "Only volumes starting with this.")
        private String prefix;

        @Option(names = "--json", description = "Print JSON.")
        private boolean json;

        @Override
        void run(OzoneClient client, PrintWriter out) {
            List<VolumeInfo> volumes = client.objectStore().listVolumes(prefix);
            if (json) {
                JsonOutput.print(out, volumes);
            } else {
                volumes.forEach(volume -> out.println(volume.name()));
            }
        }
    }

    @Command(name = "delete", mixinStandardHelpOptions = true, description = "Delete an empty volume.")
    static final class Delete extends ClientCommand {
        @Parameters(paramLabel = "/VOLUME")
        private String path;

        @Override
        void run(OzoneClient client, PrintWriter out) {
            client.objectStore().deleteVolume(OzonePath.parse(path).volume());
        }
    }
}
