package dev.o3.client.admin;

import picocli.CommandLine.Command;

/** {@code ozone admin}: cluster administration. */
@Command(
        name = "admin",
        mixinStandardHelpOptions = true,
        description =
                "Cluster administration: datanodes, pipelines, containers, replication manager, safe mode, OM roles.",
        subcommands = {
            DatanodeAdminCommand.class,
            PipelineAdminCommand.class,
            ContainerAdminCommand.class,
            SafeModeCommand.class,
            ReplicationManagerCommand.class,
            OmAdminCommand.class
        })
public final class AdminCommand {}
