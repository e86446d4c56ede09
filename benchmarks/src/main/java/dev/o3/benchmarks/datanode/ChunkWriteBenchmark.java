package dev.o3.benchmarks.datanode;

import com.google.protobuf.ByteString;
import com.google.protobuf.UnsafeByteOperations;
import dev.o3.benchmarks.TempDirectory;
import dev.o3.common.config.CommonConfigKeys;
import dev.o3.common.config.OzoneConfiguration;
import dev.o3.common.container.ChunkChecksums;
import dev.o3.datanode.container.ChunkStore;
import dev.o3.datanode.container.Container;
import dev.o3.datanode.container.ContainerHandler;
import dev.o3.datanode.container.ContainerResultException;
import dev.o3.datanode.container.ContainerSet;
import dev.o3.datanode.metrics.DatanodeMetrics;
import dev.o3.datanode.security.BlockAccess;
import dev.o3.datanode.volume.VolumeSet;
import dev.o3.proto.container.BlockData;
import dev.o3.proto.container.ContainerCommandRequest;
import dev.o3.proto.container.ContainerCommandResponse;
import dev.o3.proto.container.ContainerResult;
import dev.o3.proto.container.PutBlockRequest;
import dev.o3.proto.container.WriteChunkRequest;
import dev.o3.proto.hdds.BlockId;
import dev.o3.proto.hdds.ChecksumData;
import dev.o3.proto.hdds.ChunkInfo;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Chunk writes on one volume, through the {@link ContainerHandler} a pipeline calls. {@link #writeChunk} is the data
 * stage of a WriteChunk: the chunk lands at the next offset of the current block, blocks of the default block size
 * one after another, as a client streams a large key. {@link #writeChunkAndPutBlock} is a one-chunk block (a small
 * key): the data stage, then PutBlock's apply, which commits the block's metadata in a synced RocksDB batch. {@code
 * write} is {@code buffered} (no fsync: the OS writes the page cache back later and the score is mostly a memory
 * copy), {@code synced} ({@code hdds.container.chunk.write.sync}: every chunk fsynced, through the page cache)
 * or {@code direct} (synced and written with O_DIRECT, {@code hdds.container.chunk.write.direct}: the default).
 * Scores are chunks per second: times {@code chunkSize} for bytes per second. The blocks written are deleted after
 * each iteration.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(
        value = 1,
        jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 5, time = 2)
public class ChunkWriteBenchmark {
    private static final long CONTAINER_ID = 1;
    private static final String PIPELINE_ID = "jmh-pipeline";
    /** The client's default {@code ozone.client.bytes.per.checksum}: the checksums PutBlock stores with a chunk. */
    private static final int BYTES_PER_CHECKSUM = 16 << 10;

    @Param({"65536", "1048576", "4194304"})
    private int chunkSize;

    @Param({"buffered", "synced", "direct"})
    private String write;

    private TempDirectory directory;
    private VolumeSet volumes;
    private ContainerHandler handler;
    private ByteString data;
    private ChecksumData checksums;
    private long blockSize;
    private long firstLocalId = 1;
    private long localId = 1;
    private long offset;
    private long logIndex;

    @Setup(Level.Trial)
    public void open() {
        OzoneConfiguration defaults = OzoneConfiguration.of(Map.of());
        blockSize = defaults.get(CommonConfigKeys.BLOCK_SIZE).bytes();
        directory = TempDirectory.create("o3-jmh-chunks");
        volumes = VolumeSet.open(
                "jmh",
                List.of(directory.path()),
                defaults.get(CommonConfigKeys.CONTAINER_SIZE).bytes());
        ContainerSet containers = ContainerSet.load("jmh", volumes);
        handler = new ContainerHandler(
                "jmh",
                containers,
                new ChunkStore(new DatanodeMetrics(), !write.equals("buffered"), write.equals("direct")),
                new BlockAccess(Optional.empty()));
        byte[] bytes = new byte[chunkSize];
        new Random(chunkSize).nextBytes(bytes);
        data = UnsafeByteOperations.unsafeWrap(bytes);
        checksums = ChunkChecksums.compute(data.asReadOnlyByteBuffer(), BYTES_PER_CHECKSUM);
    }

    /** Frees the disk: every block of the iteration, file and metadata, through the container's delete. */
    @TearDown(Level.Iteration)
    public void deleteBlocks() throws ContainerResultException {
        Container container = handler.containers().get(CONTAINER_ID);
        for (long id = firstLocalId; id <= localId; id++) {
            container.deleteBlock(id);
        }
        firstLocalId = ++localId;
        offset = 0;
    }

    @TearDown(Level.Trial)
    public void close() {
        volumes.close();
        directory.close();
    }

    @Benchmark
    public void writeChunk() throws ContainerResultException {
        if (offset + chunkSize > blockSize) {
            localId++;
            offset = 0;
        }
        handler.writeChunkData(writeChunkRequest(localId, offset), data);
        offset += chunkSize;
    }

    @Benchmark
    public ContainerCommandResponse writeChunkAndPutBlock() throws ContainerResultException {
        long id = localId++;
        ContainerCommandRequest write = writeChunkRequest(id, 0);
        handler.writeChunkData(write, data);
        ContainerCommandResponse response = handler.apply(putBlockRequest(write.getWriteChunk()), ++logIndex);
        if (response.getResult() != ContainerResult.SUCCESS) {
            throw new IllegalStateException("PutBlock of block " + id + " failed: " + response.getMessage());
        }
        return response;
    }

    private ContainerCommandRequest writeChunkRequest(long blockLocalId, long chunkOffset) {
        return ContainerCommandRequest.newBuilder()
                .setContainerId(CONTAINER_ID)
                .setPipelineId(PIPELINE_ID)
                .setWriteChunk(WriteChunkRequest.newBuilder()
                        .setBlockId(BlockId.newBuilder()
                                .setContainerId(CONTAINER_ID)
                                .setLocalId(blockLocalId))
                        .setChunk(ChunkInfo.newBuilder()
                                .setChunkName(blockLocalId + "_chunk_" + chunkOffset / chunkSize)
                                .setOffset(chunkOffset)
                                .setLength(chunkSize)
                                .setChecksum(checksums)))
                .build();
    }

    private static ContainerCommandRequest putBlockRequest(WriteChunkRequest write) {
        return ContainerCommandRequest.newBuilder()
                .setContainerId(CONTAINER_ID)
                .setPipelineId(PIPELINE_ID)
                .setPutBlock(PutBlockRequest.newBuilder()
                        .setBlock(BlockData.newBuilder()
                                .setBlockId(write.getBlockId())
                                .addChunks(write.getChunk())
                                .setSize(write.getChunk().getLength()))
                        .setEof(true))
                .build();
    }
}
