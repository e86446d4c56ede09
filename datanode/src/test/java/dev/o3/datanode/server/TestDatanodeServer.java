package dev.o3.datanode.server;

import static dev.o3.datanode.server.DatanodeFixture.CLIENT_OPTIONS;
import static dev.o3.datanode.server.DatanodeFixture.blockId;
import static dev.o3.datanode.server.DatanodeFixture.conf;
import static dev.o3.datanode.server.DatanodeFixture.createPipeline;
import static dev.o3.datanode.server.DatanodeFixture.pipeline;
import static dev.o3.datanode.server.DatanodeFixture.writeBlock;
import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.ByteString;
import dev.o3.client.read.ContainerReadClient;
import dev.o3.common.config.OzoneConfiguration;
import dev.o3.common.grpc.GrpcConfig;
import dev.o3.common.ratis.ContainerRatisClient;
import dev.o3.datanode.config.DatanodeConfigKeys;
import dev.o3.datanode.container.ContainerRecord;
import dev.o3.datanode.container.ReplicaState;
import dev.o3.datanode.metrics.DatanodeMetrics;
import dev.o3.datanode.ratis.PipelineStatus;
import dev.o3.proto.container.BlockData;
import dev.o3.proto.container.PutBlockResponse;
import dev.o3.proto.hdds.Pipeline;
import dev.o3.proto.scm.CloseContainerCommand;
import dev.o3.proto.scm.ClosePipelineCommand;
import dev.o3.proto.scm.HeartbeatRequest;
import dev.o3.proto.scm.PipelineReport;
import dev.o3.proto.scm.RatisDirReport;
import dev.o3.proto.scm.RegisterRequest;
import dev.o3.proto.scm.ScmCommand;
import dev.o3.server.db.Database;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** One datanode against a fake SCM: registration, reports, Multi-Raft dirs, restart recovery and metrics. */
@Timeout(120)
class TestDatanodeServer {
    @TempDir
    Path base;

    private FakeScm scm;
    private DatanodeServer datanode;
    private int openDatabases;

    @BeforeEach
    void startScm() throws Exception {
        scm = new FakeScm();
        openDatabases = Database.openCount();
    }

    @AfterEach
    void stop() throws Exception {
        if (datanode != null) {
            datanode.close();
        }
        scm.close();
        assertThat(Database.openCount()).as("RocksDB handles left open").isEqualTo(openDatabases);
    }

    @Test
    void registersWithBoundPortsAndReportsVolumesAndRatisDirs() {
        datanode = start(conf(base, 21, scm.port(), 2, 3));

        datanode.triggerHeartbeat();

        String uuid = datanode.datanodeDetails().getUuid();
        RegisterRequest registration = scm.registration(uuid);
        assertThat(registration.getDatanode().getHostName()).isEqualTo("127.0.0.21");
        assertThat(registration.getDatanode().getRatisPort()).isPositive();
        assertThat(registration.getDatanode().getStandalonePort()).isPositive();
        assertThat(datanode.datanodeDetails().getNetworkLocation()).isEqualTo("/rack1");
        HeartbeatRequest heartbeat = scm.lastHeartbeat(uuid);
        assertThat(heartbeat.getNodeReport().getVolumesList()).hasSize(2).allMatch(volume -> !volume.getFailed());
        assertThat(heartbeat.getNodeReport().getRatisDirsList()).hasSize(3);
    }

    @Test
    void registersAgainWhenScmAsks() {
        datanode = start(conf(base, 25, scm.port(), 1, 1));
        datanode.triggerHeartbeat();
        String uuid = datanode.datanodeDetails().getUuid();

        scm.askToReregister(uuid);
        datanode.triggerHeartbeat();

        assertThat(scm.registrationCount(uuid)).isEqualTo(2);
    }

    @Test
    void closePipelineClosesItsContainersAndLeavesTheGroup() throws Exception {
        datanode = start(conf(base, 26, scm.port(), 1, 1));
        Pipeline pipeline = pipeline(List.of(datanode.datanodeDetails()));
        createPipeline(scm, pipeline, List.of(datanode));
        try (ContainerRatisClient client = ContainerRatisClient.connect(pipeline, CLIENT_OPTIONS)) {
            writeBlock(client, blockId(9, 90), 1, 1000);
        }
        String uuid = datanode.datanodeDetails().getUuid();

        scm.send(
                uuid,
                ScmCommand.newBuilder()
                        .setClosePipeline(ClosePipelineCommand.newBuilder().setPipelineId(pipeline.getId())));
        datanode.triggerHeartbeat();

        assertThat(datanode.pipelines()).isEmpty();
        assertThat(datanode.containers().get(9).state()).isEqualTo(ReplicaState.CLOSED);
    }

    @Test
    void forcedCloseWithoutItsPipelineQuasiClosesTheContainer() throws Exception {
        datanode = start(conf(base, 27, scm.port(), 1, 1));
        Pipeline pipeline = pipeline(List.of(datanode.datanodeDetails()));
        createPipeline(scm, pipeline, List.of(datanode));
        try (ContainerRatisClient client = ContainerRatisClient.connect(pipeline, CLIENT_OPTIONS)) {
            writeBlock(client, blockId(10, 100), 1, 1000);
        }
        String uuid = datanode.datanodeDetails().getUuid();
        Path groupDir = Path.of(datanode.pipelines().get(0).ratisDir(), pipeline.getId());
        datanode.close();
        deleteTree(groupDir); // the pipeline is lost while the datanode is down
        datanode = start(conf(base, 27, scm.port(), 1, 1));
        assertThat(datanode.pipelines()).isEmpty();

        scm.send(
                uuid,
                ScmCommand.newBuilder()
                        .setCloseContainer(CloseContainerCommand.newBuilder()
                                .setContainerId(10)
                                .setPipelineId(pipeline.getId())
                                .setForce(true)));
        datanode.triggerHeartbeat();

        assertThat(datanode.containers().get(10).state()).isEqualTo(ReplicaState.QUASI_CLOSED);
    }

    @Test
    void threeRatisDirsAndThreePipelinesPutOneGroupOnEachDir() throws Exception {
        datanode = start(conf(base, 22, scm.port(), 1, 3));

        for (int i = 0; i < 3; i++) {
            createPipeline(scm, pipeline(List.of(datanode.datanodeDetails())), List.of(datanode));
        }
        datanode.triggerHeartbeat();

        assertThat(datanode.pipelines()).hasSize(3);
        assertThat(datanode.pipelines().stream().map(PipelineStatus::ratisDir).distinct())
                .hasSize(3);
        HeartbeatRequest heartbeat =
                scm.lastHeartbeat(datanode.datanodeDetails().getUuid());
        assertThat(heartbeat.getPipelinesList())
                .extracting(PipelineReport::getRatisDir)
                .doesNotHaveDuplicates();
        assertThat(heartbeat.getNodeReport().getRatisDirsList())
                .extracting(RatisDirReport::getGroupCount)
                .containsExactly(1, 1, 1);
    }

    @Test
    void restartRecoversContainersAndRaftGroupsAndKeepsServing() throws Exception {
        OzoneConfiguration conf = conf(base, 23, scm.port(), 2, 2);
        datanode = start(conf);
        Pipeline pipeline = pipeline(List.of(datanode.datanodeDetails()));
        createPipeline(scm, pipeline, List.of(datanode));
        PutBlockResponse first;
        try (ContainerRatisClient client = ContainerRatisClient.connect(pipeline, CLIENT_OPTIONS)) {
            first = writeBlock(client, blockId(5, 100), 3, 10_000);
        }
        List<PipelineStatus> before = datanode.pipelines();
        datanode.close();

        datanode = start(conf);

        assertThat(datanode.pipelines())
                .extracting(PipelineStatus::pipelineId, PipelineStatus::ratisDir)
                .containsExactlyElementsOf(before.stream()
                        .map(status -> org.assertj.core.groups.Tuple.tuple(status.pipelineId(), status.ratisDir()))
                        .toList());
        ContainerRecord record = datanode.containers().get(5).record();
        assertThat(record.bcsid()).isEqualTo(first.getBlockCommitSequenceId());
        assertThat(record.blockCount()).isEqualTo(1);
        Pipeline restarted =
                pipeline.toBuilder().setMembers(0, datanode.datanodeDetails()).build();
        try (ContainerRatisClient client = ContainerRatisClient.connect(restarted, CLIENT_OPTIONS);
                ContainerReadClient reader =
                        ContainerReadClient.connect(datanode.datanodeDetails(), GrpcConfig.defaults())) {
            PutBlockResponse second = writeBlock(client, blockId(5, 101), 2, 10_000);
            assertThat(second.getBlockCommitSequenceId()).isGreaterThan(first.getBlockCommitSequenceId());
            BlockData block = reader.getBlock(blockId(5, 100), ByteString.EMPTY).get(10, TimeUnit.SECONDS);
            assertThat(reader.readChunk(block.getBlockId(), block.getChunks(2), ByteString.EMPTY)
                            .get(10, TimeUnit.SECONDS))
                    .isEqualTo(DatanodeFixture.randomData(100 * 1000 + 2, 10_000));
        }
    }

    @Test
    void raftLogHoldsOnlyTheMetadataOfChunksAboveTheInlineLimitAndIsSnapshotted() throws Exception {
        datanode = start(conf(base, 28, scm.port(), 1, 1).with(DatanodeConfigKeys.RATIS_SNAPSHOT_THRESHOLD, 10));
        Pipeline pipeline = pipeline(List.of(datanode.datanodeDetails()));
        createPipeline(scm, pipeline, List.of(datanode));
        int chunkSize = 100 * 1024;
        try (ContainerRatisClient client = ContainerRatisClient.connect(pipeline, CLIENT_OPTIONS)) {
            for (int block = 0; block < 5; block++) {
                writeBlock(client, blockId(11, block), 4, chunkSize);
            }
        }
        Path groupDir = Path.of(datanode.pipelines().get(0).ratisDir(), pipeline.getId());

        DatanodeFixture.await(Duration.ofSeconds(30), "a snapshot", () -> hasSnapshot(groupDir.resolve("sm")));
        datanode.close();

        long dataBytes = 5L * 4 * chunkSize;
        assertThat(nonZeroBytes(groupDir.resolve("current"))).isLessThan(dataBytes / 20);
    }

    @Test
    void metricsAreServedOnProm() throws Exception {
        datanode = start(conf(base, 24, scm.port(), 1, 1));
        Pipeline pipeline = pipeline(List.of(datanode.datanodeDetails()));
        createPipeline(scm, pipeline, List.of(datanode));
        try (ContainerRatisClient client = ContainerRatisClient.connect(pipeline, CLIENT_OPTIONS)) {
            writeBlock(client, blockId(1, 1), 1, 1000);
        }
        try (ContainerReadClient reader =
                ContainerReadClient.connect(datanode.datanodeDetails(), GrpcConfig.defaults())) {
            reader.getBlock(blockId(1, 1), ByteString.EMPTY, 0, 1000).get(10, TimeUnit.SECONDS);
        }

        HttpResponse<String> response = HttpClient.newHttpClient()
                .send(
                        HttpRequest.newBuilder(URI.create("http://127.0.0.24:"
                                        + datanode.datanodeDetails().getHttpPort() + "/prom"))
                                .build(),
                        HttpResponse.BodyHandlers.ofString());

        assertThat(response.body())
                .contains(DatanodeMetrics.VOLUME_WRITE_BYTES)
                .contains(DatanodeMetrics.VOLUME_WRITE_LATENCY)
                .contains(DatanodeMetrics.RATIS_DIR_WRITE_BYTES)
                .contains(DatanodeMetrics.RATIS_DATA_SYNC_LATENCY)
                .containsPattern(DatanodeMetrics.RATIS_LOG_SYNC + "_count\\{dir=\"[^\"]+\"} [1-9]")
                .contains(DatanodeMetrics.RATIS_DIR_GROUPS)
                .contains(DatanodeMetrics.CONTAINERS + "{state=\"OPEN\"} 1")
                .contains(DatanodeMetrics.READ_REQUESTS + "_total{command=\"GET_BLOCK\"} 1")
                .containsPattern("o3_datanode_ratis_log_worker_sync_time_seconds_count\\{member=\"[^\"]+\"} [1-9]")
                .contains("o3_datanode_ratis_server_client_write_request_seconds");
        assertThat(response.body().lines().filter(line -> !line.startsWith("#")))
                .allMatch(line -> line.startsWith("o3_datanode_"));
    }

    private static boolean hasSnapshot(Path stateMachineDir) {
        try (Stream<Path> files = Files.list(stateMachineDir)) {
            return files.anyMatch(file -> file.getFileName().toString().startsWith("snapshot."));
        } catch (IOException e) {
            return false;
        }
    }

    /** Bytes of the Raft log files that are not preallocated zeros. */
    private static long nonZeroBytes(Path logDir) throws IOException {
        long count = 0;
        try (Stream<Path> files = Files.list(logDir)) {
            for (Path file : files.filter(f -> f.getFileName().toString().startsWith("log_"))
                    .toList()) {
                for (byte b : Files.readAllBytes(file)) {
                    if (b != 0) {
                        count++;
                    }
                }
            }
        }
        return count;
    }

    private static void deleteTree(Path root) throws IOException {
        try (Stream<Path> paths = Files.walk(root)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(path);
            }
        }
    }

    private static DatanodeServer start(OzoneConfiguration conf) {
        DatanodeServer server = new DatanodeServer(conf);
        server.start();
        return server;
    }
}
