package dev.o3.datanode.replication;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.o3.common.container.ChunkChecksums;
import dev.o3.proto.container.BlockData;
import dev.o3.proto.hdds.BlockId;
import dev.o3.proto.hdds.ChunkInfo;
import java.nio.ByteBuffer;
import java.util.Random;
import org.junit.jupiter.api.Test;

class TestBlockVerifier {
    private static final int BYTES_PER_CHECKSUM = 100;

    private final byte[] data = new byte[1000];

    TestBlockVerifier() {
        new Random(1).nextBytes(data);
    }

    @Test
    void acceptsDataInPiecesOfAnySizeAcrossSliceAndChunkBoundaries() throws Exception {
        BlockData block = block(chunk(0, 250), chunk(250, 250), chunk(600, 400));
        for (int piece : new int[] {1, 7, 99, 100, 101, 333, 1000}) {
            BlockVerifier verifier = new BlockVerifier(block, data.length);
            for (int offset = 0; offset < data.length; offset += piece) {
                verifier.update(ByteBuffer.wrap(data, offset, Math.min(piece, data.length - offset)));
            }
            assertThatCode(verifier::finish).as("pieces of %d", piece).doesNotThrowAnyException();
        }
    }

    @Test
    void findsACorruptByteInsideAChunkButNotInAGapBetweenChunks() throws Exception {
        BlockData block = block(chunk(0, 250), chunk(600, 400));
        byte[] gapChanged = data.clone();
        gapChanged[400] ^= 1;
        BlockVerifier gap = new BlockVerifier(block, data.length);
        gap.update(ByteBuffer.wrap(gapChanged));
        gap.finish();

        byte[] corrupt = data.clone();
        corrupt[777] ^= 1;
        BlockVerifier verifier = new BlockVerifier(block, data.length);
        assertThatThrownBy(() -> verifier.update(ByteBuffer.wrap(corrupt)))
                .isInstanceOf(ReplicationException.class)
                .hasMessageContaining("chunk at 600, slice 1");
    }

    @Test
    void refusesShortDataOverlappingChunksAndMissingChecksums() throws Exception {
        assertThatThrownBy(() -> new BlockVerifier(block(chunk(0, 1000)), 999)).hasMessageContaining("only 999 bytes");
        assertThatThrownBy(() -> new BlockVerifier(block(chunk(0, 500), chunk(400, 100)), 1000))
                .hasMessageContaining("overlapping");
        ChunkInfo full = chunk(0, 500);
        ChunkInfo truncated = full.toBuilder()
                .setChecksum(full.getChecksum().toBuilder()
                        .clearChecksums()
                        .addAllChecksums(full.getChecksum().getChecksumsList().subList(1, 5)))
                .build();
        assertThatThrownBy(() -> new BlockVerifier(block(truncated), 1000)).hasMessageContaining("4 checksums");

        BlockVerifier ended = new BlockVerifier(block(chunk(0, 1000)), 1000);
        ended.update(ByteBuffer.wrap(data, 0, 950));
        assertThatThrownBy(ended::finish).hasMessageContaining("inside a chunk");
    }

    private ChunkInfo chunk(int offset, int length) {
        return ChunkInfo.newBuilder()
                .setOffset(offset)
                .setLength(length)
                .setChecksum(ChunkChecksums.compute(ByteBuffer.wrap(data, offset, length), BYTES_PER_CHECKSUM))
                .build();
    }

    private static BlockData block(ChunkInfo... chunks) {
        BlockData.Builder block = BlockData.newBuilder()
                .setBlockId(BlockId.newBuilder().setContainerId(1).setLocalId(2));
        for (ChunkInfo chunk : chunks) {
            block.addChunks(chunk);
        }
        return block.build();
    }
}
