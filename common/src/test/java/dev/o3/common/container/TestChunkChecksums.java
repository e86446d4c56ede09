package dev.o3.common.container;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.o3.common.checksum.ChecksumMismatchException;
import dev.o3.proto.hdds.ChunkInfo;
import java.nio.ByteBuffer;
import org.junit.jupiter.api.Test;

class TestChunkChecksums {
    @Test
    void goodDataPassesAndAFlippedByteFails() {
        byte[] data = new byte[10_000];
        for (int i = 0; i < data.length; i++) {
            data[i] = (byte) i;
        }
        ChunkInfo chunk = ChunkInfo.newBuilder()
                .setLength(data.length)
                .setChecksum(ChunkChecksums.compute(ByteBuffer.wrap(data), 4096))
                .build();

        assertThatCode(() -> ChunkChecksums.verify(chunk, ByteBuffer.wrap(data)))
                .doesNotThrowAnyException();
        data[5000] ^= 1;
        assertThatThrownBy(() -> ChunkChecksums.verify(chunk, ByteBuffer.wrap(data)))
                .isInstanceOf(ChecksumMismatchException.class)
                .hasMessageContaining("offset 4096");
    }

    @Test
    void wrongLengthFails() {
        ChunkInfo chunk = ChunkInfo.newBuilder().setLength(10).build();

        assertThatThrownBy(() -> ChunkChecksums.verify(chunk, ByteBuffer.allocate(9)))
                .isInstanceOf(ChecksumMismatchException.class);
    }
}
