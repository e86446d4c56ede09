package dev.o3.datanode.cache;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.ByteString;
import dev.o3.common.container.ChunkChecksums;
import dev.o3.datanode.container.ChunkStore;
import dev.o3.datanode.container.Container;
import dev.o3.datanode.container.ContainerSet;
import dev.o3.datanode.container.ReplicaState;
import dev.o3.datanode.metrics.DatanodeMetrics;
import dev.o3.datanode.read.VolumeChunkSource;
import dev.o3.datanode.volume.VolumeSet;
import dev.o3.proto.container.BlockData;
import dev.o3.proto.hdds.BlockId;
import dev.o3.proto.hdds.ChunkInfo;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.locks.LockSupport;

/** Real volumes and containers in a directory, blocks of random chunks, and read caches over them. */
final class CacheFixture implements AutoCloseable {
    static final int PAGE = 64 * 1024;
    static final int CHUNK = 3 * PAGE + 1000;

    private final Path base;
    private final VolumeSet volumes;
    private final Random random = new Random(42);
    private final ContainerSet containers;
    private final ChunkStore chunks;
    private final VolumeChunkSource volume;

    CacheFixture(Path base) {
        this.base = base;
        DatanodeMetrics metrics = new DatanodeMetrics();
        this.volumes = VolumeSet.open("test", List.of(base.resolve("volume")), 1 << 30);
        this.containers = ContainerSet.load("test", volumes);
        this.chunks = new ChunkStore(metrics, false, false);
        this.volume = new VolumeChunkSource("test", chunks, metrics);
    }

    ContainerSet containers() {
        return containers;
    }

    VolumeChunkSource volume() {
        return volume;
    }

    Path cacheDir() {
        return base.resolve("cache");
    }

    /** A cache of {@code capacity} bytes admitting every client read of a closed container. */
    ReadCache cache(long capacity, CacheMode mode) {
        return ReadCache.open("test", settings(capacity, mode, "window", 0), containers, volume);
    }

    CacheSettings settings(long capacity, CacheMode mode, String admission, int windowReads) {
        return new CacheSettings(Optional.of(cacheDir()), capacity, PAGE, mode, admission, windowReads, 10);
    }

    /** Writes a block of {@code chunkCount} random chunks into the container (OPEN) and commits it. */
    BlockData writeBlock(Container container, long localId, int chunkCount) throws Exception {
        BlockData.Builder block = BlockData.newBuilder()
                .setBlockId(BlockId.newBuilder().setContainerId(container.id()).setLocalId(localId));
        for (int i = 0; i < chunkCount; i++) {
            byte[] data = new byte[CHUNK];
            random.nextBytes(data);
            long offset = (long) i * CHUNK;
            chunks.write(container, localId, offset, ByteString.copyFrom(data));
            block.addChunks(ChunkInfo.newBuilder()
                    .setChunkName(localId + "_" + i)
                    .setOffset(offset)
                    .setLength(CHUNK)
                    .setChecksum(ChunkChecksums.compute(ByteBuffer.wrap(data), 16 * 1024)));
        }
        block.setSize((long) chunkCount * CHUNK);
        return container.commitBlock(block.build(), localId + 100);
    }

    Container open(long containerId) throws Exception {
        return containers.getOrCreate(containerId, "pipeline");
    }

    static void close(Container container) {
        container.transition(ReplicaState.CLOSING);
        container.transition(ReplicaState.CLOSED);
    }

    /** The chunk's bytes straight from the block file. */
    byte[] expected(Container container, BlockData block, ChunkInfo chunk) throws Exception {
        return bytes(volume.readChunk(container, block, chunk));
    }

    /** Waits, with a deadline, until the cache's background writer has written every admitted page. */
    static void awaitWrites(ReadCache cache) {
        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        while (!cache.writesDone()) {
            assertThat(System.nanoTime()).as("page writes finish").isLessThan(deadline);
            LockSupport.parkNanos(Duration.ofMillis(5).toNanos());
        }
    }

    static byte[] bytes(ByteBuffer buffer) {
        byte[] copy = new byte[buffer.remaining()];
        buffer.duplicate().get(copy);
        return copy;
    }

    @Override
    public void close() {
        volumes.close();
    }
}
