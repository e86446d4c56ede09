package dev.o3.datanode.server;

import static dev.o3.datanode.server.DatanodeFixture.CLIENT_OPTIONS;
import static dev.o3.datanode.server.DatanodeFixture.blockId;
import static dev.o3.datanode.server.DatanodeFixture.chunk;
import static dev.o3.datanode.server.DatanodeFixture.conf;
import static dev.o3.datanode.server.DatanodeFixture.createPipeline;
import static dev.o3.datanode.server.DatanodeFixture.pipeline;
import static dev.o3.datanode.server.DatanodeFixture.randomData;
import static dev.o3.datanode.server.DatanodeFixture.writeBlock;
import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.ByteString;
import dev.o3.client.read.ContainerReadClient;
import dev.o3.common.config.OzoneConfiguration;
import dev.o3.common.grpc.GrpcConfig;
import dev.o3.common.ratis.ContainerRatisClient;
import dev.o3.datanode.config.DatanodeConfigKeys;
import dev.o3.proto.container.BlockData;
import dev.o3.proto.container.ContainerCommandResponse;
import dev.o3.proto.container.PutBlockResponse;
import dev.o3.proto.hdds.BlockId;
import dev.o3.proto.hdds.ChunkInfo;
import dev.o3.proto.hdds.DatanodeDetails;
import dev.o3.proto.hdds.Pipeline;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** A three-datanode pipeline: a follower restarts in the middle of a block and catches up from the leader. */
@Tag("integration")
@Timeout(180)
class PipelineIT {
    private static final int CHUNK = 64 * 1024;
    private static final Duration WAIT = Duration.ofSeconds(60);

    @TempDir
    Path base;

    private final List<DatanodeServer> datanodes = new ArrayList<>();
    private FakeScm scm;

    @AfterEach
    void stop() throws Exception {
        for (DatanodeServer datanode : datanodes) {
            datanode.close();
        }
        if (scm != null) {
            scm.close();
        }
    }

    @Test
    void pipelineSurvivesAFollowerRestartMidWrite() throws Exception {
        scm = new FakeScm();
        List<OzoneConfiguration> confs = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            confs.add(conf(base.resolve("dn" + i), 41 + i, scm.port(), 1, 1));
            DatanodeServer datanode = new DatanodeServer(confs.get(i));
            datanode.start();
            datanodes.add(datanode);
        }
        Pipeline pipeline =
                pipeline(datanodes.stream().map(DatanodeServer::datanodeDetails).toList());
        createPipeline(scm, pipeline, datanodes);
        DatanodeFixture.await(WAIT, "datanode 0 leads", () -> leads(datanodes.get(0), pipeline.getId()));

        long lastBcsid;
        try (ContainerRatisClient client = ContainerRatisClient.connect(pipeline, CLIENT_OPTIONS)) {
            writeBlock(client, blockId(1, 1), 4, CHUNK);
            BlockId block = blockId(1, 2);
            List<ChunkInfo> chunks = new ArrayList<>();
            List<CompletableFuture<ContainerCommandResponse>> writes = new ArrayList<>();
            for (int i = 0; i < 16; i++) {
                if (i == 8) {
                    restartFollower(confs.get(2));
                }
                ByteString data = randomData(2 * 1000 + i, CHUNK);
                chunks.add(chunk(2, i, (long) i * CHUNK, data));
                writes.add(client.writeChunk(block, chunks.get(i), data, ByteString.EMPTY));
            }
            CompletableFuture.allOf(writes.toArray(CompletableFuture[]::new)).get(60, TimeUnit.SECONDS);
            PutBlockResponse put = client.putBlock(
                            BlockData.newBuilder()
                                    .setBlockId(block)
                                    .addAllChunks(chunks)
                                    .setSize(16L * CHUNK)
                                    .build(),
                            true,
                            ByteString.EMPTY)
                    .get(60, TimeUnit.SECONDS);
            lastBcsid = writeBlock(client, blockId(1, 3), 2, CHUNK).getBlockCommitSequenceId();
            assertThat(lastBcsid).isGreaterThan(put.getBlockCommitSequenceId());
            client.watchAllCommitted(lastBcsid).get(60, TimeUnit.SECONDS);
        }

        for (DatanodeServer datanode : datanodes) {
            DatanodeFixture.await(WAIT, datanode.name() + " caught up", () -> datanode.containers()
                    .find(1)
                    .map(container -> container.record().bcsid() == lastBcsid)
                    .orElse(false));
            assertReplicaHasEveryBlock(datanode.datanodeDetails());
        }
    }

    private void restartFollower(OzoneConfiguration conf) {
        DatanodeServer follower = datanodes.get(2);
        int ratisPort = follower.datanodeDetails().getRatisPort();
        follower.close();
        // Peers know the follower by its Ratis address, so it comes back on the same port.
        DatanodeServer restarted = new DatanodeServer(conf.with(DatanodeConfigKeys.RATIS_PORT, ratisPort));
        restarted.start();
        datanodes.set(2, restarted);
    }

    private static boolean leads(DatanodeServer datanode, String pipelineId) {
        return datanode.pipelines().stream()
                .anyMatch(status -> status.pipelineId().equals(pipelineId) && status.leader());
    }

    private static void assertReplicaHasEveryBlock(DatanodeDetails replica) throws Exception {
        try (ContainerReadClient reader = ContainerReadClient.connect(replica, GrpcConfig.defaults())) {
            List<BlockData> blocks =
                    reader.listBlocks(1, 0, 10, ByteString.EMPTY).get(10, TimeUnit.SECONDS);
            assertThat(blocks).extracting(b -> b.getBlockId().getLocalId()).containsExactly(1L, 2L, 3L);
            BlockData middle = blocks.get(1);
            assertThat(middle.getChunksCount()).isEqualTo(16);
            for (int i = 0; i < 16; i++) {
                assertThat(reader.readChunk(middle.getBlockId(), middle.getChunks(i), ByteString.EMPTY)
                                .get(10, TimeUnit.SECONDS))
                        .as("chunk %d on %s", i, replica.getHostName())
                        .isEqualTo(randomData(2 * 1000 + i, CHUNK));
            }
        }
    }
}
