package dev.o3.datanode.replication;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.ByteString;
import dev.o3.common.container.ChunkChecksums;
import dev.o3.datanode.config.ReplicationConfig;
import dev.o3.datanode.container.ChunkStore;
import dev.o3.datanode.container.Container;
import dev.o3.datanode.container.ContainerSet;
import dev.o3.datanode.container.ReplicaState;
import dev.o3.datanode.metrics.DatanodeMetrics;
import dev.o3.datanode.volume.BlockKey;
import dev.o3.datanode.volume.VolumeSet;
import dev.o3.proto.container.BlockData;
import dev.o3.proto.hdds.BlockId;
import dev.o3.proto.hdds.ChunkInfo;
import dev.o3.proto.hdds.DatanodeDetails;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.PooledByteBufAllocator;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Random;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;

/**
 * One datanode's storage (a volume, its containers and chunk I/O) with the replication service and supervisor, on
 * 127.0.0.1 and a free port, for replication tests.
 */
final class StorageNode implements AutoCloseable {
    static final int BYTES_PER_CHECKSUM = 16 * 1024;
    static final ReplicationConfig CONFIG = new ReplicationConfig(2, 16, 2, Duration.ofSeconds(20));

    private final String uuid = UUID.randomUUID().toString();
    private final VolumeSet volumes;
    private final ContainerSet containers;
    private final ChunkStore chunks;
    private final ReplicationMetrics metrics = new ReplicationMetrics(new PrometheusRegistry());
    private final ReplicationServer server;
    private final ReplicationSupervisor supervisor;

    StorageNode(Path root) {
        this(root, ReplicationTls.PLAINTEXT);
    }

    StorageNode(Path root, ReplicationTls tls) {
        this(root, PooledByteBufAllocator.DEFAULT, BlockFileWriter.DIRECT, Clock.systemUTC(), tls);
    }

    StorageNode(Path root, ByteBufAllocator allocator, BlockFileWriter writer, Clock clock) {
        this(root, allocator, writer, clock, ReplicationTls.PLAINTEXT);
    }

    StorageNode(Path root, ByteBufAllocator allocator, BlockFileWriter writer, Clock clock, ReplicationTls tls) {
        this.volumes = VolumeSet.open("test", List.of(root.resolve("data")), 1 << 20);
        this.containers = ContainerSet.load("test", volumes);
        this.chunks = new ChunkStore(new DatanodeMetrics(), false, false);
        this.server = new ReplicationServer(
                "test",
                new InetSocketAddress(InetAddress.getLoopbackAddress(), 0),
                containers,
                CONFIG.outboundLimit(),
                CONFIG.idleTimeout(),
                metrics,
                allocator,
                tls);
        server.start();
        this.supervisor = new ReplicationSupervisor(
                "test",
                containers,
                volumes,
                CONFIG,
                metrics,
                clock,
                new ReplicationSupervisor.Transfer(tls, writer),
                UnaryOperator.identity());
    }

    ContainerSet containers() {
        return containers;
    }

    VolumeSet volumes() {
        return volumes;
    }

    ReplicationMetrics metrics() {
        return metrics;
    }

    /**
     * Waits until this node, as a source, has counted {@code count} copies served to the end. A sender counts its
     * copy when the destination closes the stream, on the sender's event loop: that can come after the destination's
     * {@code replicate} returned.
     */
    void awaitCopiesServed(long count) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (metrics.copies(ReplicationMetrics.OUT) < count) {
            assertThat(deadline - System.nanoTime())
                    .as("time left for %d copies served (%d so far)", count, metrics.copies(ReplicationMetrics.OUT))
                    .isPositive();
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(10));
        }
    }

    ReplicationServer server() {
        return server;
    }

    ReplicationSupervisor supervisor() {
        return supervisor;
    }

    DatanodeDetails details() {
        return DatanodeDetails.newBuilder()
                .setUuid(uuid)
                .setHostName("localhost")
                .setIpAddress("127.0.0.1")
                .setReplicationPort(server.port())
                .build();
    }

    /**
     * Writes a container: {@code fileBlocks} blocks of {@code chunksPerBlock} chunks in block files, then {@code
     * smallBlocks} one-chunk blocks kept in the database, and closes it.
     */
    Container writeContainer(
            long containerId, int fileBlocks, int chunksPerBlock, int chunkSize, int smallBlocks, int smallSize)
            throws Exception {
        Container container = containers.getOrCreate(containerId, "pipeline-1");
        Random random = new Random(containerId);
        long bcsid = 1;
        long localId = 100;
        for (int b = 0; b < fileBlocks; b++, localId++) {
            BlockData.Builder block = BlockData.newBuilder().setBlockId(blockId(containerId, localId));
            for (int c = 0; c < chunksPerBlock; c++) {
                ByteString data = randomBytes(random, chunkSize);
                chunks.write(container, localId, (long) c * chunkSize, data);
                block.addChunks(chunk(localId, c, (long) c * chunkSize, data));
            }
            container.commitBlock(
                    block.setSize((long) chunksPerBlock * chunkSize).build(), bcsid++);
        }
        for (int b = 0; b < smallBlocks; b++, localId++) {
            ByteString data = randomBytes(random, smallSize);
            BlockData block = BlockData.newBuilder()
                    .setBlockId(blockId(containerId, localId))
                    .addChunks(chunk(localId, 0, 0, data))
                    .setSize(smallSize)
                    .build();
            chunks.commitWholeBlock(container, block, bcsid++, data);
        }
        assertThat(container.transition(ReplicaState.CLOSING)).isTrue();
        assertThat(container.transition(ReplicaState.CLOSED)).isTrue();
        return container;
    }

    /** Asserts that this node's replica equals the other's: record, block rows, block files and stored data. */
    void assertSameContainer(StorageNode other, long containerId) throws Exception {
        Container mine = containers.get(containerId);
        Container theirs = other.containers().get(containerId);
        assertThat(mine.record()).isEqualTo(theirs.record());
        List<BlockData> blocks = theirs.blocks(Long.MIN_VALUE, Integer.MAX_VALUE);
        assertThat(mine.blocks(Long.MIN_VALUE, Integer.MAX_VALUE)).isEqualTo(blocks);
        assertThat(blocks).isNotEmpty();
        for (BlockData block : blocks) {
            long localId = block.getBlockId().getLocalId();
            BlockKey key = new BlockKey(containerId, localId);
            Path theirFile = theirs.volume().blockFile(containerId, localId);
            Path myFile = mine.volume().blockFile(containerId, localId);
            assertThat(Files.exists(myFile)).isEqualTo(Files.exists(theirFile));
            if (Files.exists(theirFile)) {
                assertThat(Files.readAllBytes(myFile)).isEqualTo(Files.readAllBytes(theirFile));
            }
            assertThat(mine.volume().blockContents().get(key).orElse(null))
                    .isEqualTo(theirs.volume().blockContents().get(key).orElse(null));
        }
    }

    /** Files left in the staging directory (there should be none once a copy ended). */
    List<Path> stagedFiles() throws IOException {
        Path staging = volumes.all().get(0).root().resolve(StagedContainer.STAGING_DIR);
        if (!Files.exists(staging)) {
            return List.of();
        }
        try (Stream<Path> files = Files.walk(staging)) {
            return files.filter(Files::isRegularFile).toList();
        }
    }

    /** Block rows of a container id in this node's database. */
    int blockRows(long containerId) {
        return volumes.all()
                .get(0)
                .blocks()
                .scan(
                        java.util.Optional.of(new BlockKey(containerId, Long.MIN_VALUE)),
                        Integer.MAX_VALUE,
                        key -> key.containerId() == containerId)
                .size();
    }

    @Override
    public void close() {
        supervisor.close();
        server.close();
        volumes.close();
    }

    private static BlockId blockId(long containerId, long localId) {
        return BlockId.newBuilder()
                .setContainerId(containerId)
                .setLocalId(localId)
                .build();
    }

    private static ByteString randomBytes(Random random, int size) {
        byte[] bytes = new byte[size];
        random.nextBytes(bytes);
        return ByteString.copyFrom(bytes);
    }

    private static ChunkInfo chunk(long localId, int index, long offset, ByteString data) {
        return ChunkInfo.newBuilder()
                .setChunkName(localId + "_chunk_" + index)
                .setOffset(offset)
                .setLength(data.size())
                .setChecksum(ChunkChecksums.compute(data.asReadOnlyByteBuffer(), BYTES_PER_CHECKSUM))
                .build();
    }
}
