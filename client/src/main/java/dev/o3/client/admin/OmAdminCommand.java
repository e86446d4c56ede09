package dev.o3.client.admin;

import dev.o3.client.cli.ConfigOptions;
import dev.o3.client.cli.JsonOutput;
import dev.o3.client.config.ClientConfig;
import dev.o3.client.om.OmClient;
import dev.o3.common.config.CommonConfigKeys;
import dev.o3.common.config.HostAndPort;
import dev.o3.common.config.OzoneConfiguration;
import dev.o3.common.grpc.GrpcConfig;
import dev.o3.proto.om.OmRoleInfo;
import dev.o3.proto.om.ServiceInfoRequest;
import dev.o3.proto.om.ServiceInfoResponse;
import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code ozone admin om roles}. */
@Command(
        name = "om",
        mixinStandardHelpOptions = true,
        description = "Ozone Managers.",
        subcommands = {OmAdminCommand.Roles.class})
final class OmAdminCommand {
    private OmAdminCommand() {}

    /** One OM and its Raft role. */
    record Role(String nodeId, String address, String role) {}

    @Command(name = "roles", mixinStandardHelpOptions = true, description = "Each OM and whether it leads.")
    static final class Roles implements Callable<Integer> {
        @Mixin
        private ConfigOptions config;

        @Option(names = "--json", description = "Print JSON.")
        private boolean json;

        @Spec
        private CommandSpec spec;

        @Override
        public Integer call() {
            OzoneConfiguration conf = config.load();
            List<HostAndPort> oms = conf.get(CommonConfigKeys.OM_ADDRESS).stream()
                    .map(address -> HostAndPort.parse(address, CommonConfigKeys.OM_PORT))
                    .toList();
            PrintWriter out = spec.commandLine().getOut();
            try (OmClient om = new OmClient(
                    oms,
                    System.getProperty("user.name"),
                    ClientConfig.from(conf).failoverTimeout(),
                    GrpcConfig.from(conf))) {
                ServiceInfoResponse info = om.call(
                        "ServiceInfo",
                        stub -> stub.serviceInfo(ServiceInfoRequest.getDefaultInstance()),
                        ServiceInfoResponse::getError);
                List<Role> roles = info.getOmsList().stream().map(Roles::role).toList();
                if (json) {
                    JsonOutput.print(out, roles);
                } else {
                    roles.forEach(role -> out.printf("%-6s  %-24s  %s%n", role.nodeId(), role.address(), role.role()));
                }
            }
            return 0;
        }

        private static Role role(OmRoleInfo info) {
            return new Role(info.getNodeId(), info.getAddress(), info.getRole());
        }
    }
}
