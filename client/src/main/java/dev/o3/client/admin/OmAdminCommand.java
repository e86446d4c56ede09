package dev.o3.client.admin;

import dev.o3.client.api.OzoneClient;
import dev.o3.client.cli.ConfigOptions;
import dev.o3.client.cli.JsonOutput;
import dev.o3.client.config.ClientConfig;
import dev.o3.client.om.OmClient;
import dev.o3.client.om.OmException;
import dev.o3.common.config.CommonConfigKeys;
import dev.o3.common.config.HostAndPort;
import dev.o3.common.config.OzoneConfiguration;
import dev.o3.common.grpc.GrpcConfig;
import dev.o3.common.security.UserCredential;
import dev.o3.proto.om.OmRoleInfo;
import dev.o3.proto.om.ServiceInfoRequest;
import dev.o3.proto.om.ServiceInfoResponse;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
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
    /** What an OM that does not answer in time is shown as. */
    static final String UNREACHABLE = "UNREACHABLE";

    private OmAdminCommand() {}

    /** One OM and its Raft role, as the OM itself reports it, or {@link #UNREACHABLE}. */
    record Role(String nodeId, String address, String role) {}

    @Command(
            name = "roles",
            mixinStandardHelpOptions = true,
            description = "Each OM and its role (LEADER, FOLLOWER, ...), as each OM reports it; UNREACHABLE when it"
                    + " does not answer.")
    static final class Roles implements Callable<Integer> {
        /** How long one OM has to answer before it is shown as unreachable. */
        private static final Duration PROBE_TIMEOUT = Duration.ofSeconds(3);

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
            Optional<UserCredential> credential = OzoneClient.credentialOf(conf);
            String user = credential.map(UserCredential::accessKeyId).orElse(System.getProperty("user.name"));
            GrpcConfig grpc = GrpcConfig.from(conf);
            List<OmRoleInfo> members;
            try (OmClient om =
                    new OmClient(oms, user, credential, ClientConfig.from(conf).failoverTimeout(), grpc)) {
                members = serviceInfo(om).getOmsList();
            }
            // Every OM answers for itself: another OM's view of a dead peer is only its last role.
            List<Role> roles = members.stream()
                    .map(member -> probe(member, user, credential, grpc))
                    .toList();
            PrintWriter out = spec.commandLine().getOut();
            if (json) {
                JsonOutput.print(out, roles);
            } else {
                roles.forEach(role -> out.printf("%-6s  %-24s  %s%n", role.nodeId(), role.address(), role.role()));
            }
            return 0;
        }

        /** {@code member}'s role as it reports it, or {@link #UNREACHABLE}. */
        private static Role probe(
                OmRoleInfo member, String user, Optional<UserCredential> credential, GrpcConfig grpc) {
            HostAndPort address = HostAndPort.parse(member.getAddress(), CommonConfigKeys.OM_PORT);
            try (OmClient om = new OmClient(List.of(address), user, credential, PROBE_TIMEOUT, grpc)) {
                String role = serviceInfo(om).getOmsList().stream()
                        .filter(self -> self.getNodeId().equals(member.getNodeId()))
                        .map(OmRoleInfo::getRole)
                        .findFirst()
                        .orElse(UNREACHABLE);
                return new Role(member.getNodeId(), member.getAddress(), role);
            } catch (OmException e) {
                return new Role(member.getNodeId(), member.getAddress(), UNREACHABLE);
            }
        }

        private static ServiceInfoResponse serviceInfo(OmClient om) {
            return om.call(
                    "ServiceInfo",
                    stub -> stub.withDeadlineAfter(PROBE_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)
                            .serviceInfo(ServiceInfoRequest.getDefaultInstance()),
                    ServiceInfoResponse::getError);
        }
    }
}
