package dev.o3.client.shell;

import picocli.CommandLine.Command;

/** {@code ozone sh}: the object store shell. */
@Command(
        name = "sh",
        mixinStandardHelpOptions = true,
        description = "Volume, bucket and key commands. Paths look like /volume/bucket/key.",
        subcommands = {VolumeCommand.class, BucketCommand.class, KeyCommand.class, TokenCommand.class})
public final class ShellCommand {}
