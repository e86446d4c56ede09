package dev.o3.benchmarks.checksum;

import dev.o3.common.checksum.ChecksumMismatchException;
import dev.o3.common.checksum.Crc32cChecksum;
import dev.o3.common.container.ChunkChecksums;
import dev.o3.proto.hdds.ChunkInfo;
import java.nio.ByteBuffer;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.zip.CRC32;
import java.util.zip.CRC32C;
import java.util.zip.Checksum;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

/**
 * Checksums of one chunk: {@link #compute} is what the client does per chunk it writes, {@link #verify} what the
 * datanode and the client do per chunk they read; {@link #jdkCrc32c} and {@link #jdkCrc32} are the JDK classes alone
 * over the same slices, the floor for the first two. Scores are chunks per second: times {@code chunkSize} for bytes
 * per second.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(
        value = 1,
        jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class ChecksumBenchmark {
    /** Where the chunk's bytes live: a heap array, or direct memory as in Netty and gRPC buffers. */
    public enum Memory {
        HEAP,
        DIRECT
    }

    @Param({"65536", "1048576", "4194304"})
    private int chunkSize;

    /** The default of {@code ozone.client.bytes.per.checksum}. */
    @Param("16384")
    private int bytesPerChecksum;

    @Param({"HEAP", "DIRECT"})
    private Memory memory;

    private final CRC32C crc32c = new CRC32C();
    private final CRC32 crc32 = new CRC32();
    private ByteBuffer data;
    private Crc32cChecksum checksum;
    private ChunkInfo chunk;

    @Setup
    public void setUp() {
        byte[] bytes = new byte[chunkSize];
        new Random(chunkSize).nextBytes(bytes);
        data = memory == Memory.DIRECT ? ByteBuffer.allocateDirect(chunkSize) : ByteBuffer.allocate(chunkSize);
        data.put(bytes).flip();
        checksum = new Crc32cChecksum(bytesPerChecksum);
        chunk = ChunkInfo.newBuilder()
                .setChunkName("chunk")
                .setLength(chunkSize)
                .setChecksum(ChunkChecksums.compute(data, bytesPerChecksum))
                .build();
    }

    @Benchmark
    public int[] compute() {
        return checksum.compute(data);
    }

    @Benchmark
    public void verify() throws ChecksumMismatchException {
        ChunkChecksums.verify(chunk, data);
    }

    @Benchmark
    public void jdkCrc32c(Blackhole blackhole) {
        slices(crc32c, blackhole);
    }

    @Benchmark
    public void jdkCrc32(Blackhole blackhole) {
        slices(crc32, blackhole);
    }

    /** One value per {@code bytesPerChecksum} slice, through one reused view: no allocation per slice. */
    private void slices(Checksum crc, Blackhole blackhole) {
        ByteBuffer view = data.duplicate();
        for (int offset = 0; offset < chunkSize; offset += bytesPerChecksum) {
            view.limit(Math.min(offset + bytesPerChecksum, chunkSize)).position(offset);
            crc.reset();
            crc.update(view);
            blackhole.consume(crc.getValue());
        }
    }
}
