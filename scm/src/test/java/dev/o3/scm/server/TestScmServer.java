package dev.o3.scm.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import dev.o3.common.config.HostAndPort;
import dev.o3.common.config.OzoneConfiguration;
import dev.o3.common.grpc.GrpcConfig;
import dev.o3.common.grpc.GrpcFactory;
import dev.o3.proto.hdds.BlockId;
import dev.o3.proto.hdds.ContainerState;
import dev.o3.proto.hdds.DatanodeDetails;
import dev.o3.proto.hdds.PipelineState;
import dev.o3.proto.scm.AllocateBlockRequest;
import dev.o3.proto.scm.AllocateBlockResponse;
import dev.o3.proto.scm.AllocatedBlock;
import dev.o3.proto.scm.CloseContainerRequest;
import dev.o3.proto.scm.ClosePipelineRequest;
import dev.o3.proto.scm.ContainerReplicaReport;
import dev.o3.proto.scm.ContainerReportRequest;
import dev.o3.proto.scm.ContainerReportResponse;
import dev.o3.proto.scm.DatanodeInfo;
import dev.o3.proto.scm.ExitSafeModeRequest;
import dev.o3.proto.scm.GetContainerLocationsRequest;
import dev.o3.proto.scm.GetContainerRequest;
import dev.o3.proto.scm.GetContainerResponse;
import dev.o3.proto.scm.HeartbeatRequest;
import dev.o3.proto.scm.HeartbeatResponse;
import dev.o3.proto.scm.ListContainersRequest;
import dev.o3.proto.scm.ListDatanodesRequest;
import dev.o3.proto.scm.ListPipelinesRequest;
import dev.o3.proto.scm.NodeReport;
import dev.o3.proto.scm.NodeState;
import dev.o3.proto.scm.PipelineReport;
import dev.o3.proto.scm.RatisDirReport;
import dev.o3.proto.scm.RegisterRequest;
import dev.o3.proto.scm.RegisterResponse;
import dev.o3.proto.scm.ReplicaInfo;
import dev.o3.proto.scm.ReplicationManagerAction;
import dev.o3.proto.scm.ReplicationManagerRequest;
import dev.o3.proto.scm.SafeModeStatusRequest;
import dev.o3.proto.scm.ScmAdminServiceGrpc;
import dev.o3.proto.scm.ScmBlockServiceGrpc;
import dev.o3.proto.scm.ScmCommand;
import dev.o3.proto.scm.ScmDatanodeServiceGrpc;
import dev.o3.scm.error.ScmErrorCode;
import io.grpc.ManagedChannel;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** Component test: a real ScmServer on loopback, driven over gRPC by fake datanodes. */
@Timeout(60)
class TestScmServer {
    private static final int DATANODES = 6;
    private static final int LIMIT = 2;

    @TempDir
    Path directory;

    private final List<ManagedChannel> channels = new ArrayList<>();

    @AfterEach
    void closeChannels() throws InterruptedException {
        for (ManagedChannel channel : channels) {
            channel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
        }
    }

    @Test
    void fakeDatanodesGetPipelinesThatOpenAndServeBlocks() throws IOException, InterruptedException {
        OzoneConfiguration conf = configuration();

        try (ScmServer server = new ScmServer(conf, Clock.systemUTC())) {
            server.start();
            var datanodes = ScmDatanodeServiceGrpc.newBlockingStub(channel(server.datanodePort()));
            var admin = ScmAdminServiceGrpc.newBlockingStub(channel(server.adminPort()));
            var blocks = ScmBlockServiceGrpc.newBlockingStub(channel(server.blockPort()));
            assertThat(admin.safeModeStatus(SafeModeStatusRequest.getDefaultInstance())
                            .getInSafeMode())
                    .isTrue();
            AllocateBlockRequest oneBlock =
                    AllocateBlockRequest.newBuilder().setSize(4096).build();
            assertThatThrownBy(() -> blocks.allocateBlock(oneBlock))
                    .isInstanceOfSatisfying(StatusRuntimeException.class, e -> {
                        assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.UNAVAILABLE);
                        assertThat(e.getStatus().getDescription()).startsWith("SAFE_MODE: ");
                        assertThat(e.getTrailers().get(ScmGrpcErrors.ERROR_CODE))
                                .isEqualTo(String.valueOf(ScmErrorCode.SAFE_MODE.code()));
                    });

            for (int i = 0; i < DATANODES; i++) {
                RegisterResponse registered = datanodes.register(RegisterRequest.newBuilder()
                        .setDatanode(details(i))
                        .setNodeReport(NodeReport.newBuilder()
                                .addRatisDirs(RatisDirReport.newBuilder().setPath("/ratis1"))
                                .addRatisDirs(RatisDirReport.newBuilder().setPath("/ratis2")))
                        .build());
                assertThat(registered.getNetworkLocation()).isEqualTo("/rack" + (i % 2));
            }

            int expected = DATANODES * LIMIT / 3;
            Map<String, List<String>> groupsByNode = collectCreatePipelineCommands(datanodes, expected);
            Map<String, String> suggestedLeaders =
                    admin.listPipelines(ListPipelinesRequest.getDefaultInstance()).getPipelinesList().stream()
                            .collect(Collectors.toMap(p -> p.getId(), p -> p.getLeaderId()));
            for (Map.Entry<String, List<String>> node : groupsByNode.entrySet()) {
                HeartbeatRequest.Builder report = HeartbeatRequest.newBuilder().setDatanodeUuid(node.getKey());
                node.getValue()
                        .forEach(id -> report.addPipelines(PipelineReport.newBuilder()
                                .setPipelineId(id)
                                .setIsLeader(node.getKey().equals(suggestedLeaders.get(id)))));
                datanodes.heartbeat(report.build());
            }

            var pipelines = admin.listPipelines(ListPipelinesRequest.getDefaultInstance())
                    .getPipelinesList();
            assertThat(pipelines).hasSize(expected).allSatisfy(p -> {
                assertThat(p.getState()).isEqualTo(PipelineState.PIPELINE_OPEN);
                assertThat(p.getMembersList()).hasSize(3);
                assertThat(p.getMembersList().stream()
                                .map(DatanodeDetails::getNetworkLocation)
                                .distinct())
                        .hasSize(2);
                assertThat(p.getPrioritiesList()).containsExactlyInAnyOrder(1, 0, 0);
            });
            List<DatanodeInfo> nodes = admin.listDatanodes(ListDatanodesRequest.getDefaultInstance())
                    .getDatanodesList();
            assertThat(nodes).hasSize(DATANODES).allSatisfy(node -> {
                assertThat(node.getState()).isEqualTo(NodeState.HEALTHY);
                assertThat(node.getPipelineCount()).isEqualTo(LIMIT);
                assertThat(node.getNodeReport().getRatisDirsCount()).isEqualTo(2);
                assertThat(node.getPipelinesList()).hasSize(LIMIT);
            });
            assertThat(nodes.stream().mapToInt(DatanodeInfo::getLeaderCount).sum())
                    .isEqualTo(expected);

            AllocateBlockResponse allocated = blocks.allocateBlock(
                    AllocateBlockRequest.newBuilder().setSize(4096).setCount(8).build());
            assertThat(allocated.getBlocksList()).hasSize(8);
            assertThat(allocated.getBlocksList().stream()
                            .map(AllocatedBlock::getPipeline)
                            .map(p -> p.getId())
                            .distinct())
                    .hasSize(expected);
            assertThat(allocated.getBlocksList().stream()
                            .map(AllocatedBlock::getBlockId)
                            .map(BlockId::getLocalId)
                            .distinct())
                    .hasSize(8);

            String prom = scrape(server.httpPort());
            assertThat(prom).contains("o3_scm_datanode_pipelines{datanode=\"" + uuid(0) + "\"} 2");
            assertThat(prom).contains("o3_scm_pipeline_rack_fallbacks_total 0");
            assertThat(prom).contains("o3_scm_nodes{state=\"healthy\"} " + DATANODES);
            assertThat(prom).contains("o3_scm_pipelines{state=\"open\"} " + expected);
            assertThat(prom).contains("o3_scm_blocks_allocated_total 8");
            assertThat(prom).contains("o3_scm_safe_mode 0");
        }
    }

    @Test
    void adminShowsReplicasAndHealthAndClosesContainersAndPipelines() throws IOException {
        Map<String, String> overrides = new HashMap<>(configuration().explicitValues());
        overrides.put("ozone.scm.datanode.pipeline.limit", "1");
        overrides.put("hdds.scm.replication.thread.interval", "100ms");
        overrides.put("hdds.scm.wait.time.after.safemode.exit", "0s");
        try (ScmServer server = new ScmServer(OzoneConfiguration.of(overrides), Clock.systemUTC())) {
            server.start();
            var datanodes = ScmDatanodeServiceGrpc.newBlockingStub(channel(server.datanodePort()));
            var admin = ScmAdminServiceGrpc.newBlockingStub(channel(server.adminPort()));
            assertSafeModeIsLeftOnRequest(admin);
            for (int i = 0; i < 3; i++) {
                datanodes.register(
                        RegisterRequest.newBuilder().setDatanode(details(i)).build());
            }
            Map<String, List<String>> groups = collectCreatePipelineCommands(datanodes, 1, 3);
            String pipelineId = groups.get(uuid(0)).get(0);
            groups.keySet()
                    .forEach(node -> datanodes.heartbeat(HeartbeatRequest.newBuilder()
                            .setDatanodeUuid(node)
                            .addPipelines(PipelineReport.newBuilder().setPipelineId(pipelineId))
                            .build()));
            var blocks = ScmBlockServiceGrpc.newBlockingStub(channel(server.blockPort()));
            // Two blocks: two containers on the pipeline (they are created as blocks need them).
            long containerId = blocks.allocateBlock(AllocateBlockRequest.newBuilder()
                            .setSize(4096)
                            .setCount(2)
                            .build())
                    .getBlocks(0)
                    .getBlockId()
                    .getContainerId();
            assertThat(readFrom(blocks, containerId, 999))
                    .as("an open container is read from its pipeline; an unknown one is left out")
                    .containsExactlyInAnyOrder(uuid(0), uuid(1), uuid(2));
            for (int i = 0; i < 3; i++) {
                datanodes.heartbeat(HeartbeatRequest.newBuilder()
                        .setDatanodeUuid(uuid(i))
                        .addContainers(ContainerReplicaReport.newBuilder()
                                .setContainerId(containerId)
                                .setState(ContainerState.CONTAINER_CLOSED)
                                .setUsedBytes(4096)
                                .setKeyCount(2)
                                .setBlockCommitSequenceId(7 + i))
                        .build());
            }

            GetContainerResponse container = admin.getContainer(
                    GetContainerRequest.newBuilder().setContainerId(containerId).build());
            assertThat(container.getContainer().getState()).isEqualTo(ContainerState.CONTAINER_CLOSED);
            assertThat(readFrom(blocks, containerId))
                    .as("a closed container is read from its replicas, highest BCSID first")
                    .containsExactly(uuid(2), uuid(1), uuid(0));
            assertThat(container.getReplicasList())
                    .extracting(r -> r.getDatanode().getUuid(), ReplicaInfo::getBlockCommitSequenceId)
                    .containsExactly(tuple(uuid(0), 7L), tuple(uuid(1), 8L), tuple(uuid(2), 9L));
            assertThat(container.getReplicasList()).allSatisfy(replica -> {
                assertThat(replica.getUsedBytes()).isEqualTo(4096);
                assertThat(replica.getNodeState()).isEqualTo(NodeState.HEALTHY);
            });
            // Three CLOSED replicas with different BCSIDs: only the highest counts as healthy.
            ContainerReportResponse report = awaitReport(admin, containerId);
            assertThat(report.getHealthList())
                    .filteredOn(h -> h.getHealth().equals("UNDER_REPLICATED"))
                    .singleElement()
                    .satisfies(h -> assertThat(h.getSampleContainerIdsList()).containsExactly(containerId));

            long open = admin.listContainers(ListContainersRequest.getDefaultInstance()).getContainersList().stream()
                    .filter(c -> c.getState() == ContainerState.CONTAINER_OPEN)
                    .findFirst()
                    .orElseThrow()
                    .getContainerId();
            assertThat(admin.closeContainer(CloseContainerRequest.newBuilder()
                                    .setContainerId(open)
                                    .build())
                            .getState())
                    .isEqualTo(ContainerState.CONTAINER_CLOSING);
            admin.closePipeline(
                    ClosePipelineRequest.newBuilder().setPipelineId(pipelineId).build());
            assertThat(admin.listPipelines(ListPipelinesRequest.getDefaultInstance())
                            .getPipelinesList())
                    .noneMatch(p -> p.getId().equals(pipelineId));

            // A heartbeat without containers is no report; a full report listing none means the replica is gone.
            datanodes.heartbeat(
                    HeartbeatRequest.newBuilder().setDatanodeUuid(uuid(2)).build());
            assertThat(replicaNodes(admin, containerId)).containsExactly(uuid(0), uuid(1), uuid(2));
            datanodes.heartbeat(HeartbeatRequest.newBuilder()
                    .setDatanodeUuid(uuid(2))
                    .setFullContainerReport(true)
                    .build());
            assertThat(replicaNodes(admin, containerId)).containsExactly(uuid(0), uuid(1));
        }
    }

    private static List<String> replicaNodes(ScmAdminServiceGrpc.ScmAdminServiceBlockingStub admin, long id) {
        return admin
                .getContainer(
                        GetContainerRequest.newBuilder().setContainerId(id).build())
                .getReplicasList()
                .stream()
                .map(r -> r.getDatanode().getUuid())
                .toList();
    }

    @Test
    void adminNamesUnknownContainersAndPipelinesAndSwitchesTheReplicationManager() throws IOException {
        try (ScmServer server = new ScmServer(configuration(), Clock.systemUTC())) {
            server.start();
            var admin = ScmAdminServiceGrpc.newBlockingStub(channel(server.adminPort()));
            assertThatThrownBy(() -> admin.getContainer(
                            GetContainerRequest.newBuilder().setContainerId(999).build()))
                    .isInstanceOfSatisfying(StatusRuntimeException.class, e -> {
                        assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.INVALID_ARGUMENT);
                        assertThat(e.getStatus().getDescription())
                                .isEqualTo("CONTAINER_NOT_FOUND: container 999 does not exist");
                    });
            assertThatThrownBy(() -> admin.closeContainer(CloseContainerRequest.newBuilder()
                            .setContainerId(999)
                            .build()))
                    .hasMessageContaining("CONTAINER_NOT_FOUND");
            assertThatThrownBy(() -> admin.closePipeline(ClosePipelineRequest.newBuilder()
                            .setPipelineId("nope")
                            .build()))
                    .hasMessageContaining("PIPELINE_NOT_FOUND: pipeline nope does not exist");

            assertThat(replicationManager(admin, ReplicationManagerAction.STATUS))
                    .isTrue();
            assertThat(replicationManager(admin, ReplicationManagerAction.STOP)).isFalse();
            assertThat(replicationManager(admin, ReplicationManagerAction.STATUS))
                    .isFalse();
            assertThat(replicationManager(admin, ReplicationManagerAction.START))
                    .isTrue();
            assertThatThrownBy(() ->
                            replicationManager(admin, ReplicationManagerAction.REPLICATION_MANAGER_ACTION_UNSPECIFIED))
                    .hasMessageContaining("INVALID_REQUEST");
        }
    }

    private static boolean replicationManager(
            ScmAdminServiceGrpc.ScmAdminServiceBlockingStub admin, ReplicationManagerAction action) {
        return admin.replicationManager(
                        ReplicationManagerRequest.newBuilder().setAction(action).build())
                .getRunning();
    }

    /** The replication manager's report, once a scan assessed the container. */
    private static ContainerReportResponse awaitReport(
            ScmAdminServiceGrpc.ScmAdminServiceBlockingStub admin, long containerId) {
        Instant deadline = Instant.now().plusSeconds(30);
        ContainerReportResponse report = admin.containerReport(ContainerReportRequest.getDefaultInstance());
        while (report.getHealthList().stream()
                .noneMatch(h -> h.getSampleContainerIdsList().contains(containerId))) {
            assertThat(Instant.now()).as("report available in time").isBefore(deadline);
            report = admin.containerReport(ContainerReportRequest.getDefaultInstance());
        }
        return report;
    }

    private OzoneConfiguration configuration() throws IOException {
        Path table = directory.resolve("topology.table");
        StringBuilder lines = new StringBuilder();
        for (int i = 0; i < DATANODES; i++) {
            lines.append(host(i)).append(" /rack").append(i % 2).append('\n');
        }
        Files.writeString(table, lines.toString(), StandardCharsets.UTF_8);
        // Safe mode holds pipeline creation until every datanode has registered, so no pipeline is re-formed while the
        // test counts CreatePipeline commands.
        return OzoneConfiguration.of(Map.of(
                "ozone.scm.db.dirs",
                directory.resolve("db").toString(),
                "ozone.scm.datanode.address",
                "127.0.0.1:0",
                "ozone.scm.block.client.address",
                "127.0.0.1:0",
                "ozone.scm.client.address",
                "127.0.0.1:0",
                "ozone.scm.http-address",
                "127.0.0.1:0",
                "ozone.scm.datanode.pipeline.limit",
                String.valueOf(LIMIT),
                "hdds.scm.safemode.min.datanode",
                String.valueOf(DATANODES),
                "ozone.scm.pipeline.creation.settle-time",
                "200ms",
                "ozone.scm.heartbeat.thread.interval",
                "200ms",
                "net.topology.table.file.name",
                table.toString()));
    }

    /** Each fake datanode collects its CreatePipeline commands until every pipeline is announced. */
    private static void assertSafeModeIsLeftOnRequest(ScmAdminServiceGrpc.ScmAdminServiceBlockingStub admin) {
        assertThat(admin.containerReport(ContainerReportRequest.getDefaultInstance())
                        .getAvailable())
                .as("no report while in safe mode")
                .isFalse();
        assertThat(admin.exitSafeMode(ExitSafeModeRequest.getDefaultInstance()).getWasInSafeMode())
                .isTrue();
        assertThat(admin.exitSafeMode(ExitSafeModeRequest.getDefaultInstance()).getWasInSafeMode())
                .isFalse();
        assertThat(admin.safeModeStatus(SafeModeStatusRequest.getDefaultInstance())
                        .getInSafeMode())
                .isFalse();
    }

    /** The datanodes SCM names to read the containers from, all locations' in order. */
    private static List<String> readFrom(ScmBlockServiceGrpc.ScmBlockServiceBlockingStub blocks, long... containers) {
        GetContainerLocationsRequest.Builder request = GetContainerLocationsRequest.newBuilder();
        Arrays.stream(containers).forEach(request::addContainerIds);
        return blocks.getContainerLocations(request.build()).getLocationsList().stream()
                .flatMap(location -> location.getReplicasList().stream())
                .map(DatanodeDetails::getUuid)
                .toList();
    }

    private static Map<String, List<String>> collectCreatePipelineCommands(
            ScmDatanodeServiceGrpc.ScmDatanodeServiceBlockingStub datanodes, int expected) {
        return collectCreatePipelineCommands(datanodes, expected, DATANODES);
    }

    private static Map<String, List<String>> collectCreatePipelineCommands(
            ScmDatanodeServiceGrpc.ScmDatanodeServiceBlockingStub datanodes, int expected, int nodes) {
        Map<String, List<String>> groupsByNode = new HashMap<>();
        Instant deadline = Instant.now().plusSeconds(30);
        while (groupsByNode.values().stream().mapToInt(List::size).sum() < expected * 3) {
            assertThat(Instant.now()).as("pipelines announced in time").isBefore(deadline);
            for (int i = 0; i < nodes; i++) {
                HeartbeatResponse response = datanodes.heartbeat(
                        HeartbeatRequest.newBuilder().setDatanodeUuid(uuid(i)).build());
                for (ScmCommand command : response.getCommandsList()) {
                    if (command.hasCreatePipeline()) {
                        groupsByNode
                                .computeIfAbsent(uuid(i), u -> new ArrayList<>())
                                .add(command.getCreatePipeline().getPipeline().getId());
                    }
                }
            }
        }
        return groupsByNode;
    }

    private static String scrape(int httpPort) throws IOException, InterruptedException {
        return HttpClient.newHttpClient()
                .send(
                        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + httpPort + "/prom"))
                                .timeout(Duration.ofSeconds(10))
                                .build(),
                        HttpResponse.BodyHandlers.ofString())
                .body();
    }

    private ManagedChannel channel(int port) {
        ManagedChannel channel = GrpcFactory.channel(new HostAndPort("127.0.0.1", port), GrpcConfig.defaults());
        channels.add(channel);
        return channel;
    }

    private static DatanodeDetails details(int i) {
        return DatanodeDetails.newBuilder()
                .setUuid(uuid(i))
                .setHostName(host(i))
                .setIpAddress("127.0.0." + (10 + i))
                .setRatisPort(9858)
                .setStandalonePort(9859)
                .build();
    }

    private static String uuid(int i) {
        return "00000000-0000-0000-0000-00000000000" + i;
    }

    private static String host(int i) {
        return "dn" + i + ".test";
    }
}
