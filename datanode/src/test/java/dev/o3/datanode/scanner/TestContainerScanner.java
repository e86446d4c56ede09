package dev.o3.datanode.scanner;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.ByteString;
import dev.o3.common.container.ChunkChecksums;
import dev.o3.datanode.container.ChunkStore;
import dev.o3.datanode.container.Container;
import dev.o3.datanode.container.ContainerSet;
import dev.o3.datanode.container.ReplicaState;
import dev.o3.datanode.metrics.DatanodeMetrics;
import dev.o3.datanode.volume.VolumeSet;
import dev.o3.proto.container.BlockData;
import dev.o3.proto.hdds.BlockId;
import dev.o3.proto.hdds.ChunkInfo;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The scanner marks a closed replica UNHEALTHY for a lost or corrupt block, never for one deleted while it scans. */
class TestContainerScanner {
    private static final int CHUNK = 64 * 1024;

    @TempDir
    Path base;

    private final Random random = new Random(7);
    private VolumeSet volumes;
    private ContainerSet containers;
    private ChunkStore chunks;
    private ContainerScanner scanner;

    @BeforeEach
    void open() {
        volumes = VolumeSet.open("test", List.of(base.resolve("v0")), 1 << 30);
        containers = ContainerSet.load("test", volumes);
        chunks = new ChunkStore(new DatanodeMetrics(), false, false);
        scanner = new ContainerScanner(
                "test", containers, chunks, Duration.ofMinutes(1), Long.MAX_VALUE, Clock.systemUTC());
    }

    @AfterEach
    void close() {
        scanner.close();
        volumes.close();
    }

    @Test
    void aHealthyClosedReplicaStaysClosed() throws Exception {
        Container container = closedWithBlocks(1, 3);

        assertThat(scanner.scanNow()).isEmpty();
        assertThat(container.state()).isEqualTo(ReplicaState.CLOSED);
    }

    @Test
    void aCorruptChunkMakesTheReplicaUnhealthy() throws Exception {
        Container container = closedWithBlocks(1, 3);
        try (FileChannel file = FileChannel.open(container.volume().blockFile(1, 2), StandardOpenOption.WRITE)) {
            file.write(ByteBuffer.wrap(new byte[] {1, 2, 3, 4}), 100);
        }

        assertThat(scanner.scanNow()).containsExactly(1L);
        assertThat(container.state()).isEqualTo(ReplicaState.UNHEALTHY);
    }

    @Test
    void aCommittedBlockWhoseFileIsGoneMakesTheReplicaUnhealthy() throws Exception {
        Container container = closedWithBlocks(1, 3);
        Files.delete(container.volume().blockFile(1, 2));

        assertThat(scanner.scanNow()).containsExactly(1L);
        assertThat(container.state()).isEqualTo(ReplicaState.UNHEALTHY);
    }

    @Test
    void aBlockDeletedAfterThePassListedItIsNoProblem() throws Exception {
        Container container = closedWithBlocks(1, 3);
        BlockData listed = container.block(2);

        container.deleteBlock(2);

        assertThat(scanner.problem(container, listed)).isEmpty();
        assertThat(scanner.scanNow()).isEmpty();
        assertThat(container.state()).isEqualTo(ReplicaState.CLOSED);
    }

    private Container closedWithBlocks(long containerId, int blocks) throws Exception {
        Container container = containers.getOrCreate(containerId, "pipeline");
        for (long localId = 1; localId <= blocks; localId++) {
            byte[] data = new byte[CHUNK];
            random.nextBytes(data);
            chunks.write(container, localId, 0, ByteString.copyFrom(data));
            BlockData block = BlockData.newBuilder()
                    .setBlockId(BlockId.newBuilder().setContainerId(containerId).setLocalId(localId))
                    .addChunks(ChunkInfo.newBuilder()
                            .setChunkName(localId + "_0")
                            .setOffset(0)
                            .setLength(CHUNK)
                            .setChecksum(ChunkChecksums.compute(ByteBuffer.wrap(data), 16 * 1024)))
                    .setSize(CHUNK)
                    .build();
            container.commitBlock(block, localId);
        }
        container.transition(ReplicaState.CLOSING);
        container.transition(ReplicaState.CLOSED);
        return container;
    }
}
