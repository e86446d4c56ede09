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
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.protobuf.ByteString;
import dev.o3.client.read.ContainerReadClient;
import dev.o3.common.container.ContainerCommandException;
import dev.o3.common.grpc.GrpcConfig;
import dev.o3.common.ratis.ContainerRatisClient;
import dev.o3.datanode.config.DatanodeConfigKeys;
import dev.o3.datanode.container.Container;
import dev.o3.datanode.container.ReplicaState;
import dev.o3.proto.container.BlockData;
import dev.o3.proto.container.ContainerCommandRequest;
import dev.o3.proto.container.ContainerResult;
import dev.o3.proto.container.GetBlockResponse;
import dev.o3.proto.container.PutBlockRequest;
import dev.o3.proto.container.PutBlockResponse;
import dev.o3.proto.container.ReadChunkResponse;
import dev.o3.proto.container.WriteChunkRequest;
import dev.o3.proto.hdds.BlockId;
import dev.o3.proto.hdds.ChunkInfo;
import dev.o3.proto.hdds.ContainerState;
import dev.o3.proto.hdds.Pipeline;
import dev.o3.proto.scm.CloseContainerCommand;
import dev.o3.proto.scm.ContainerReplicaReport;
import dev.o3.proto.scm.DeleteBlocksCommand;
import dev.o3.proto.scm.DeletedBlocksTransaction;
import dev.o3.proto.scm.HeartbeatRequest;
import dev.o3.proto.scm.ScmCommand;
import dev.o3.proto.scm.StorageReport;
import dev.o3.server.db.Database;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** Writes through a one-member pipeline and reads from the read service: BCSID, checksums, deletes, volume loss. */
@Timeout(120)
class TestDatanodeDataPath {
    private static final Duration WAIT = Duration.ofSeconds(30);

    @TempDir
    Path base;

    private FakeScm scm;
    private DatanodeServer datanode;
    private Pipeline pipeline;
    private ContainerRatisClient client;
    private ContainerReadClient reader;
    private int openDatabases;

    @BeforeEach
    void start() throws Exception {
        openDatabases = Database.openCount();
        scm = new FakeScm();
        datanode = new DatanodeServer(conf(base, 31, scm.port(), 2, 1));
        datanode.start();
        pipeline = pipeline(List.of(datanode.datanodeDetails()));
        createPipeline(scm, pipeline, List.of(datanode));
        client = ContainerRatisClient.connect(pipeline, CLIENT_OPTIONS);
        reader = ContainerReadClient.connect(datanode.datanodeDetails(), GrpcConfig.defaults());
    }

    @AfterEach
    void stop() throws Exception {
        reader.close();
        client.close();
        datanode.close();
        scm.close();
        assertThat(Database.openCount()).as("RocksDB handles left open").isEqualTo(openDatabases);
    }

    @Test
    void putBlockReturnsItsBcsidAndReadsAreVerified() throws Exception {
        PutBlockResponse first = writeBlock(client, blockId(1, 10), 4, 20_000);
        PutBlockResponse second = writeBlock(client, blockId(1, 11), 1, 5_000);

        assertThat(first.getBlockCommitSequenceId()).isPositive();
        assertThat(first.getCommittedLength()).isEqualTo(80_000);
        assertThat(second.getBlockCommitSequenceId()).isGreaterThan(first.getBlockCommitSequenceId());
        BlockData block = reader.getBlock(blockId(1, 10), ByteString.EMPTY).get(10, TimeUnit.SECONDS);
        assertThat(block.getBlockId().getBlockCommitSequenceId()).isEqualTo(first.getBlockCommitSequenceId());
        assertThat(reader.readChunk(block.getBlockId(), block.getChunks(3), ByteString.EMPTY)
                        .get(10, TimeUnit.SECONDS))
                .isEqualTo(randomData(10 * 1000 + 3, 20_000));
        assertThat(reader.listBlocks(1, 0, 10, ByteString.EMPTY).get(10, TimeUnit.SECONDS))
                .hasSize(2);
        assertThat(datanode.containers().get(1).record().bcsid()).isEqualTo(second.getBlockCommitSequenceId());
        BlockId newer = block.getBlockId().toBuilder()
                .setBlockCommitSequenceId(second.getBlockCommitSequenceId() + 1)
                .build();
        assertResult(
                () -> reader.getBlock(newer, ByteString.EMPTY).get(10, TimeUnit.SECONDS),
                ContainerResult.BCSID_MISMATCH);
    }

    @Test
    void getBlockWithAReadRangeBringsTheWholeChunksItOverlaps() throws Exception {
        writeBlock(client, blockId(1, 15), 4, 20_000);

        GetBlockResponse firstRead = reader.getBlock(blockId(1, 15), ByteString.EMPTY, 25_000, 20_000)
                .get(10, TimeUnit.SECONDS);

        assertThat(firstRead.getBlock())
                .isEqualTo(reader.getBlock(blockId(1, 15), ByteString.EMPTY).get(10, TimeUnit.SECONDS));
        assertThat(firstRead.getChunksList())
                .extracting(ReadChunkResponse::getChunk)
                .containsExactly(
                        firstRead.getBlock().getChunks(1), firstRead.getBlock().getChunks(2));
        assertThat(firstRead.getChunksList())
                .extracting(ReadChunkResponse::getData)
                .containsExactly(randomData(15 * 1000 + 1, 20_000), randomData(15 * 1000 + 2, 20_000));
        assertThat(reader.getBlock(blockId(1, 15), ByteString.EMPTY, 0, 0)
                        .get(10, TimeUnit.SECONDS)
                        .getChunksList())
                .as("a GetBlock without a read length is metadata only, as before")
                .isEmpty();
    }

    @Test
    void smallReadsAnsweredAtOnceAndLargeOnesHandedOffKeepTheirOrderOnAStream() throws Exception {
        writeBlock(client, blockId(1, 16), 1, 4_096);
        writeBlock(client, blockId(1, 17), 4, 20_000);
        List<CompletableFuture<GetBlockResponse>> reads = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            boolean small = i % 3 != 0;
            reads.add(reader.getBlock(blockId(1, small ? 16 : 17), ByteString.EMPTY, 0, small ? 4_096 : 80_000));
        }

        for (int i = 0; i < reads.size(); i++) {
            GetBlockResponse read = reads.get(i).get(10, TimeUnit.SECONDS);
            boolean small = i % 3 != 0;
            assertThat(read.getBlock().getBlockId().getLocalId())
                    .as("answer %d is its own request's, though every lane carried several at once", i)
                    .isEqualTo(small ? 16 : 17);
            assertThat(read.getChunksList())
                    .extracting(ReadChunkResponse::getData)
                    .containsExactlyElementsOf(
                            small
                                    ? List.of(randomData(16 * 1000, 4_096))
                                    : List.of(
                                            randomData(17 * 1000, 20_000),
                                            randomData(17 * 1000 + 1, 20_000),
                                            randomData(17 * 1000 + 2, 20_000),
                                            randomData(17 * 1000 + 3, 20_000)));
        }
    }

    @Test
    void aLastChunkCommitsItsBlockInTheSameTransaction() throws Exception {
        ByteString data = randomData(12, 4096);
        ChunkInfo chunk = chunk(12, 0, 0, data);
        BlockData block = BlockData.newBuilder()
                .setBlockId(blockId(1, 12))
                .addChunks(chunk)
                .setSize(data.size())
                .build();

        PutBlockResponse put = client.writeChunkAndPutBlock(chunk, data, block, ByteString.EMPTY)
                .get(30, TimeUnit.SECONDS);

        assertThat(put.getCommittedLength()).isEqualTo(4096);
        assertThat(datanode.containers().get(1).volume().blockFile(1, 12))
                .as("a small block written whole is kept in the volume's database")
                .doesNotExist();
        BlockData committed = reader.getBlock(blockId(1, 12), ByteString.EMPTY).get(10, TimeUnit.SECONDS);
        assertThat(committed.getBlockId().getBlockCommitSequenceId()).isEqualTo(put.getBlockCommitSequenceId());
        assertThat(reader.readChunk(committed.getBlockId(), committed.getChunks(0), ByteString.EMPTY)
                        .get(10, TimeUnit.SECONDS))
                .isEqualTo(data);
        GetBlockResponse shortCircuit =
                reader.getBlock(blockId(1, 12), ByteString.EMPTY, 0, 4096, true).get(10, TimeUnit.SECONDS);
        assertThat(shortCircuit.getBlockFile()).as("no file to name").isEmpty();
        assertThat(shortCircuit.getChunks(0).getData()).isEqualTo(data);

        // A hand-made request whose PutBlock names another block than the chunk (and its token) does is refused.
        ContainerCommandRequest mismatched = ContainerCommandRequest.newBuilder()
                .setContainerId(1)
                .setWriteChunk(WriteChunkRequest.newBuilder()
                        .setBlockId(blockId(1, 13))
                        .setChunk(chunk)
                        .setData(data)
                        .setPutBlock(PutBlockRequest.newBuilder()
                                .setBlock(block.toBuilder().setBlockId(blockId(1, 14)))
                                .setEof(true)))
                .build();
        assertResult(() -> client.send(mismatched).get(30, TimeUnit.SECONDS), ContainerResult.INVALID_ARGUMENT);
    }

    @Test
    void aSmallChunkLostFromItsBlockFileComesBackFromTheRaftLogAfterACrash() throws Exception {
        // A small chunk that is not its block's only one goes to the block file, unsynced.
        ByteString data = randomData(21, 4096);
        ChunkInfo chunk = chunk(21, 0, 0, data);
        BlockData block = BlockData.newBuilder()
                .setBlockId(blockId(1, 21))
                .addChunks(chunk)
                .setSize(data.size())
                .build();
        client.writeChunk(blockId(1, 21), chunk, data, ByteString.EMPTY).get(30, TimeUnit.SECONDS);
        PutBlockResponse put = client.putBlock(block, true, ByteString.EMPTY).get(30, TimeUnit.SECONDS);
        Path blockFile = datanode.containers().get(1).volume().blockFile(1, 21);
        assertThat(Files.size(blockFile)).isEqualTo(data.size());
        // A small block written whole has no file: its data is committed with its metadata.
        ByteString whole = randomData(22, 4096);
        ChunkInfo wholeChunk = chunk(22, 0, 0, whole);
        PutBlockResponse wholePut = client.writeChunkAndPutBlock(
                        wholeChunk,
                        whole,
                        BlockData.newBuilder()
                                .setBlockId(blockId(1, 22))
                                .addChunks(wholeChunk)
                                .setSize(whole.size())
                                .build(),
                        ByteString.EMPTY)
                .get(30, TimeUnit.SECONDS);

        // A power loss: the block file's unsynced pages are gone, and no snapshot was taken on the way down.
        int ratisPort = datanode.datanodeDetails().getRatisPort();
        reader.close();
        client.close();
        datanode.close();
        Files.write(blockFile, new byte[0]);
        try (Stream<Path> files = Files.walk(base.resolve("ratis0"))) {
            for (Path snapshot : files.filter(
                            file -> file.getFileName().toString().startsWith("snapshot."))
                    .toList()) {
                Files.delete(snapshot);
            }
        }
        datanode = new DatanodeServer(conf(base, 31, scm.port(), 2, 1).with(DatanodeConfigKeys.RATIS_PORT, ratisPort));
        datanode.start();
        client = ContainerRatisClient.connect(pipeline, CLIENT_OPTIONS);
        reader = ContainerReadClient.connect(datanode.datanodeDetails(), GrpcConfig.defaults());

        DatanodeFixture.await(WAIT, "the log replayed", () -> {
            try {
                return Files.size(blockFile) == data.size();
            } catch (IOException e) {
                return false;
            }
        });
        BlockData committed = reader.getBlock(blockId(1, 21), ByteString.EMPTY).get(10, TimeUnit.SECONDS);
        assertThat(committed.getBlockId().getBlockCommitSequenceId()).isEqualTo(put.getBlockCommitSequenceId());
        assertThat(reader.readChunk(committed.getBlockId(), committed.getChunks(0), ByteString.EMPTY)
                        .get(10, TimeUnit.SECONDS))
                .isEqualTo(data);
        BlockData wholeBlock = reader.getBlock(blockId(1, 22), ByteString.EMPTY).get(10, TimeUnit.SECONDS);
        assertThat(wholeBlock.getBlockId().getBlockCommitSequenceId()).isEqualTo(wholePut.getBlockCommitSequenceId());
        assertThat(reader.readChunk(wholeBlock.getBlockId(), wholeBlock.getChunks(0), ByteString.EMPTY)
                        .get(10, TimeUnit.SECONDS))
                .isEqualTo(whole);
    }

    @Test
    void closedContainerIsImmutableAndACorruptChunkIsNeverServed() throws Exception {
        writeBlock(client, blockId(2, 20), 2, 10_000);
        closeContainer(2);
        assertResult(() -> writeBlock(client, blockId(2, 21), 1, 100), ContainerResult.CONTAINER_NOT_OPEN);

        corrupt(datanode.containers().get(2), 20, 15_000);

        BlockData block = reader.getBlock(blockId(2, 20), ByteString.EMPTY).get(10, TimeUnit.SECONDS);
        assertThat(reader.readChunk(block.getBlockId(), block.getChunks(0), ByteString.EMPTY)
                        .get(10, TimeUnit.SECONDS))
                .isEqualTo(randomData(20 * 1000, 10_000));
        assertResult(
                () -> reader.readChunk(block.getBlockId(), block.getChunks(1), ByteString.EMPTY)
                        .get(10, TimeUnit.SECONDS),
                ContainerResult.CHECKSUM_MISMATCH);
        assertThat(datanode.containers().get(2).state()).isEqualTo(ReplicaState.UNHEALTHY);
        datanode.triggerHeartbeat();
        assertThat(report(2).getState()).isEqualTo(ContainerState.CONTAINER_UNHEALTHY);
    }

    @Test
    void aCorruptChunkFailsTheGetBlockThatAsksForItsData() throws Exception {
        writeBlock(client, blockId(9, 90), 2, 10_000);
        closeContainer(9);

        corrupt(datanode.containers().get(9), 90, 15_000);

        assertThat(reader.getBlock(blockId(9, 90), ByteString.EMPTY, 0, 10_000)
                        .get(10, TimeUnit.SECONDS)
                        .getChunks(0)
                        .getData())
                .isEqualTo(randomData(90 * 1000, 10_000));
        assertResult(
                () -> reader.getBlock(blockId(9, 90), ByteString.EMPTY, 0, 20_000)
                        .get(10, TimeUnit.SECONDS),
                ContainerResult.CHECKSUM_MISMATCH);
        assertThat(datanode.containers().get(9).state())
                .as("the data is read through the same checked path as ReadChunk's")
                .isEqualTo(ReplicaState.UNHEALTHY);
    }

    @Test
    void scannerMarksACorruptClosedContainerUnhealthy() throws Exception {
        writeBlock(client, blockId(3, 30), 2, 10_000);
        writeBlock(client, blockId(4, 40), 2, 10_000);
        closeContainer(3);
        closeContainer(4);
        assertThat(datanode.scanContainersNow()).isEmpty();

        corrupt(datanode.containers().get(4), 40, 100);

        assertThat(datanode.scanContainersNow()).containsExactly(4L);
        assertThat(datanode.containers().get(3).state()).isEqualTo(ReplicaState.CLOSED);
        assertThat(datanode.containers().get(4).state()).isEqualTo(ReplicaState.UNHEALTHY);
    }

    @Test
    void deleteBlocksFreesDiskSpace() throws Exception {
        writeBlock(client, blockId(5, 50), 2, 100_000);
        writeBlock(client, blockId(5, 51), 1, 1_000);
        Container container = datanode.containers().get(5);
        Path file = container.volume().blockFile(5, 50);
        assertThat(Files.size(file)).isEqualTo(200_000);

        long command = scm.send(
                datanode.datanodeDetails().getUuid(),
                ScmCommand.newBuilder()
                        .setDeleteBlocks(DeleteBlocksCommand.newBuilder()
                                .addTransactions(DeletedBlocksTransaction.newBuilder()
                                        .setTxId(1)
                                        .setContainerId(5)
                                        .addLocalIds(50))));
        datanode.triggerHeartbeat();
        datanode.triggerHeartbeat();

        assertThat(file).doesNotExist();
        assertThat(container.record().usedBytes()).isEqualTo(1_000);
        assertThat(container.record().blockCount()).isEqualTo(1);
        assertThat(scm.statuses()).anyMatch(status -> status.getCommandId() == command && status.getSuccess());
        assertResult(
                () -> reader.getBlock(blockId(5, 50), ByteString.EMPTY).get(10, TimeUnit.SECONDS),
                ContainerResult.NO_SUCH_BLOCK);
    }

    @Test
    void failedVolumeTakesOnlyItsContainersOutOfService() throws Exception {
        writeBlock(client, blockId(6, 60), 1, 10_000);
        writeBlock(client, blockId(7, 70), 1, 10_000);
        Container lost = datanode.containers().get(6);
        Container kept = datanode.containers().get(7);
        assertThat(lost.volume()).isNotSameAs(kept.volume());

        replaceWithFile(lost.volume().root());
        datanode.checkVolumesNow();
        datanode.triggerHeartbeat();

        assertThat(lost.volume().isFailed()).isTrue();
        assertThat(datanode.containers().find(6)).isEmpty();
        HeartbeatRequest heartbeat =
                scm.lastHeartbeat(datanode.datanodeDetails().getUuid());
        assertThat(heartbeat.getNodeReport().getVolumesList())
                .filteredOn(StorageReport::getFailed)
                .extracting(StorageReport::getPath)
                .containsExactly(lost.volume().root().toString());
        assertThat(heartbeat.getContainersList())
                .extracting(ContainerReplicaReport::getContainerId)
                .containsExactly(7L);
        // Not NOT_FOUND: the datanode knows it lost the replica (a reader tries the next one either way).
        assertResult(
                () -> reader.getBlock(blockId(6, 60), ByteString.EMPTY).get(10, TimeUnit.SECONDS),
                ContainerResult.CONTAINER_MISSING);
        BlockData block = reader.getBlock(blockId(7, 70), ByteString.EMPTY).get(10, TimeUnit.SECONDS);
        assertThat(reader.readChunk(block.getBlockId(), block.getChunks(0), ByteString.EMPTY)
                        .get(10, TimeUnit.SECONDS))
                .isEqualTo(randomData(70 * 1000, 10_000));
        writeBlock(client, blockId(8, 80), 1, 1_000);
        assertThat(datanode.containers().get(8).volume()).isSameAs(kept.volume());
    }

    private void closeContainer(long containerId) throws InterruptedException {
        scm.send(
                datanode.datanodeDetails().getUuid(),
                ScmCommand.newBuilder()
                        .setCloseContainer(CloseContainerCommand.newBuilder()
                                .setContainerId(containerId)
                                .setPipelineId(pipeline.getId())));
        datanode.triggerHeartbeat();
        DatanodeFixture.await(WAIT, "container " + containerId + " closed", () -> datanode.containers()
                .find(containerId)
                .map(container -> container.state() == ReplicaState.CLOSED)
                .orElse(false));
    }

    private ContainerReplicaReport report(long containerId) {
        return scm.lastHeartbeat(datanode.datanodeDetails().getUuid()).getContainersList().stream()
                .filter(report -> report.getContainerId() == containerId)
                .findFirst()
                .orElseThrow();
    }

    private static void corrupt(Container container, long localId, long offset) throws IOException {
        try (FileChannel channel = FileChannel.open(
                container.volume().blockFile(container.id(), localId),
                StandardOpenOption.READ,
                StandardOpenOption.WRITE)) {
            ByteBuffer one = ByteBuffer.allocate(1);
            channel.read(one, offset);
            one.put(0, (byte) (one.get(0) ^ 0xFF)).rewind();
            channel.write(one, offset);
        }
    }

    private static void replaceWithFile(Path root) throws IOException {
        try (Stream<Path> paths = Files.walk(root)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(path);
            }
        }
        Files.writeString(root, "not a directory");
    }

    private static void assertResult(ThrowingCall call, ContainerResult expected) {
        assertThatThrownBy(call::run)
                .isInstanceOf(ExecutionException.class)
                .cause()
                .isInstanceOfSatisfying(ContainerCommandException.class, e -> assertThat(e.result())
                        .isEqualTo(expected));
    }

    /** A call whose failure the test inspects. */
    @FunctionalInterface
    private interface ThrowingCall {
        void run() throws Exception;
    }
}
