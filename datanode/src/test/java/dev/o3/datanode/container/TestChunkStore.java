package dev.o3.datanode.container;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.ByteString;
import dev.o3.datanode.metrics.DatanodeMetrics;
import dev.o3.datanode.volume.DataVolume;
import dev.o3.datanode.volume.VolumeSet;
import dev.o3.proto.container.BlockData;
import dev.o3.proto.hdds.BlockId;
import dev.o3.proto.hdds.ChunkInfo;
import dev.o3.server.db.Database;
import io.prometheus.metrics.model.snapshots.CounterSnapshot;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.AnnotatedElementContext;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.io.TempDirFactory;

/** Chunk files on a real volume: which writes go past the page cache, and that every chunk reads back intact. */
class TestChunkStore {
    /** On the build's disk, as data directories are: the default temporary directory may be tmpfs (no O_DIRECT). */
    @TempDir(factory = BuildDirectory.class)
    Path base;

    private final int openDatabases = Database.openCount();
    private final DatanodeMetrics metrics = new DatanodeMetrics();
    private VolumeSet volumes;

    @AfterEach
    void close() {
        if (volumes != null) {
            volumes.close();
        }
        assertThat(Database.openCount()).isEqualTo(openDatabases);
    }

    @Test
    void alignedSyncedChunksGoPastThePageCacheAndEveryChunkReadsBackIntact() throws Exception {
        Container container = open().getOrCreate(1, "pipeline");
        ChunkStore chunks = new ChunkStore(metrics, true, true);
        byte[] aligned = random(2 * DirectWrites.PIECE + 8192, 1);
        byte[] tail = random(1000, 2);

        chunks.write(container, 7, 0, pieces(aligned, 3000));
        chunks.write(container, 7, aligned.length, ByteString.copyFrom(tail));

        assertThat(bytes(chunks.read(container, 7, 0, aligned.length))).isEqualTo(aligned);
        assertThat(bytes(chunks.read(container, 7, aligned.length, tail.length)))
                .isEqualTo(tail);
        assertThat(Files.size(container.volume().blockFile(1, 7))).isEqualTo(aligned.length + tail.length);
        assertThat(directWriteBytes())
                .as("the aligned chunk, where the volume's file system takes O_DIRECT; never the partial tail")
                .isEqualTo(container.volume().directIoAlignment().isPresent() ? aligned.length : 0);
    }

    @Test
    void unsyncedLoggedAndDisabledWritesGoThroughThePageCache() throws Exception {
        Container container = open().getOrCreate(1, "pipeline");
        byte[] data = random(64 * 1024, 3);

        new ChunkStore(metrics, true, false).write(container, 1, 0, ByteString.copyFrom(data));
        new ChunkStore(metrics, false, true).write(container, 2, 0, ByteString.copyFrom(data));
        new ChunkStore(metrics, true, true).writeLogged(container, 3, 0, ByteString.copyFrom(data));

        assertThat(directWriteBytes()).isZero();
        for (long block = 1; block <= 3; block++) {
            assertThat(bytes(new ChunkStore(metrics, true, true).read(container, block, 0, data.length)))
                    .isEqualTo(data);
        }
    }

    /**
     * A block first committed whole into the database, then given a second chunk in a block file: each range reads
     * from where it is, never the first chunk from the hole at the start of the file.
     */
    @Test
    void aBlockStoredInTheDatabaseReadsFromThereAndItsLaterChunksFromItsFile() throws Exception {
        Container container = open().getOrCreate(1, "pipeline");
        ChunkStore chunks = new ChunkStore(metrics, true, true);
        byte[] first = random(4096, 4);
        byte[] second = random(4096, 5);
        BlockData block = BlockData.newBuilder()
                .setBlockId(BlockId.newBuilder().setContainerId(1).setLocalId(9))
                .addChunks(ChunkInfo.newBuilder()
                        .setChunkName("9_chunk_1")
                        .setOffset(0)
                        .setLength(first.length))
                .build();

        chunks.commitWholeBlock(container, block, 1, ByteString.copyFrom(first));
        assertThat(bytes(chunks.read(container, 9, 0, first.length))).isEqualTo(first);
        assertThat(container.volume().blockFile(1, 9)).doesNotExist();

        chunks.write(container, 9, first.length, ByteString.copyFrom(second));
        assertThat(bytes(chunks.read(container, 9, 0, first.length))).isEqualTo(first);
        assertThat(bytes(chunks.read(container, 9, first.length, second.length)))
                .isEqualTo(second);
    }

    @Test
    void directWritesCopyEveryPieceOfTheDataInOrderAcrossBufferBoundaries() throws IOException {
        byte[] data = random(3 * DirectWrites.PIECE + 4096 * 3, 4);
        Path file = base.resolve("plain");

        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
            DirectWrites.write(channel, 4096, pieces(data, 65_537), 4096);
        }

        byte[] written = Files.readAllBytes(file);
        assertThat(written).hasSize(4096 + data.length);
        assertThat(ByteBuffer.wrap(written, 4096, data.length)).isEqualTo(ByteBuffer.wrap(data));
    }

    private ContainerSet open() {
        volumes = VolumeSet.open("test", List.of(base.resolve("v0")), 1024);
        DataVolume volume = volumes.all().get(0);
        assertThat(volume.isFailed()).isFalse();
        return ContainerSet.load("test", volumes);
    }

    private double directWriteBytes() {
        return counter(metrics, DatanodeMetrics.VOLUME_DIRECT_WRITE_BYTES);
    }

    /** The sum of a counter's data points. */
    static double counter(DatanodeMetrics metrics, String name) {
        return metrics.registry().scrape().stream()
                .filter(snapshot -> snapshot.getMetadata().getPrometheusName().equals(name))
                .flatMap(snapshot -> ((CounterSnapshot) snapshot).getDataPoints().stream())
                .mapToDouble(CounterSnapshot.CounterDataPointSnapshot::getValue)
                .sum();
    }

    /** The data as a rope of {@code size}-byte pieces, as chunks arrive from the network. */
    private static ByteString pieces(byte[] data, int size) {
        ByteString rope = ByteString.EMPTY;
        for (int from = 0; from < data.length; from += size) {
            rope = rope.concat(ByteString.copyFrom(data, from, Math.min(size, data.length - from)));
        }
        return rope;
    }

    private static byte[] random(int size, long seed) {
        byte[] data = new byte[size];
        new Random(seed).nextBytes(data);
        return data;
    }

    private static byte[] bytes(ByteBuffer buffer) {
        byte[] out = new byte[buffer.remaining()];
        buffer.get(out);
        return out;
    }

    /** Temporary directories under the module's {@code target/}. */
    static final class BuildDirectory implements TempDirFactory {
        @Override
        public Path createTempDirectory(AnnotatedElementContext element, ExtensionContext extension)
                throws IOException {
            return Files.createTempDirectory(Files.createDirectories(Path.of("target", "tmp")), "chunks");
        }
    }
}
