package dev.o3.datanode.read;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.o3.proto.container.BlockData;
import dev.o3.proto.hdds.ChunkInfo;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

class TestReadRange {
    private static final long MB = 1 << 20;

    @Test
    void sendsTheWholeChunksOverlappingTheRange() {
        BlockData block = block(1000, 4);

        assertThat(offsets(new ReadRange(0, 1000), block)).containsExactly(0L);
        assertThat(offsets(new ReadRange(999, 2), block)).containsExactly(0L, 1000L);
        assertThat(offsets(new ReadRange(1500, 1000), block)).containsExactly(1000L, 2000L);
        assertThat(offsets(new ReadRange(3999, Long.MAX_VALUE), block)).containsExactly(3000L);
    }

    @Test
    void noLengthOrARangeBeyondTheBlockSendsNoData() {
        BlockData block = block(1000, 4);

        assertThat(offsets(new ReadRange(0, 0), block)).isEmpty();
        assertThat(offsets(new ReadRange(4000, 1000), block)).isEmpty();
    }

    @Test
    void stopsBeforeTheChunkThatWouldPassTheDataLimit() {
        assertThat(offsets(new ReadRange(0, 16 * MB), block(MB, 16)))
                .as("a few MB at most, whatever the client asks")
                .containsExactly(0L, MB, 2 * MB, 3 * MB);
        assertThat(offsets(new ReadRange(0, 16 * MB), block(3 * MB, 2))).containsExactly(0L);
        assertThat(offsets(new ReadRange(0, 8 * MB), block(8 * MB, 1)))
                .as("a chunk bigger than the limit is left to ReadChunk")
                .isEmpty();
    }

    @Test
    void negativeRangesAreRefused() {
        assertThatThrownBy(() -> new ReadRange(-1, 10)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new ReadRange(0, -1)).isInstanceOf(IllegalArgumentException.class);
    }

    private static BlockData block(long chunkLength, int chunks) {
        BlockData.Builder block = BlockData.newBuilder();
        for (int i = 0; i < chunks; i++) {
            block.addChunks(ChunkInfo.newBuilder().setOffset(i * chunkLength).setLength(chunkLength));
        }
        return block.setSize(chunks * chunkLength).build();
    }

    private static LongStream offsets(ReadRange range, BlockData block) {
        return range.chunksOf(block).stream().mapToLong(ChunkInfo::getOffset);
    }
}
