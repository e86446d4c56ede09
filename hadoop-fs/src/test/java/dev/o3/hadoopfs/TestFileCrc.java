package dev.o3.hadoopfs;

import static org.assertj.core.api.Assertions.assertThat;

import dev.o3.common.checksum.Crc32cChecksum;
import dev.o3.proto.hdds.ChecksumData;
import dev.o3.proto.hdds.ChecksumType;
import dev.o3.proto.hdds.ChunkInfo;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.zip.CRC32C;
import org.apache.hadoop.fs.CompositeCrcFileChecksum;
import org.apache.hadoop.fs.FileChecksum;
import org.apache.hadoop.util.CrcUtil;
import org.apache.hadoop.util.DataChecksum;
import org.junit.jupiter.api.Test;

class TestFileCrc {
    private static final byte[] DATA = randomBytes(10_000);

    @Test
    void isTheCrc32cOfTheWholeFileWhateverTheLayout() throws Exception {
        CRC32C whole = new CRC32C();
        whole.update(DATA);
        FileChecksum small = FileCrc.of(chunks(DATA, 1000, 512)).orElseThrow();
        FileChecksum large = FileCrc.of(chunks(DATA, 4096, 1024)).orElseThrow();
        FileChecksum oneChunk = FileCrc.of(chunks(DATA, DATA.length, 333)).orElseThrow();

        assertThat(small).isEqualTo(large).isEqualTo(oneChunk);
        assertThat(small.getAlgorithmName()).isEqualTo("COMPOSITE-CRC32C");
        assertThat(CrcUtil.readInt(small.getBytes(), 0)).isEqualTo((int) whole.getValue());
    }

    @Test
    void differsWhenOneByteDiffers() {
        byte[] changed = Arrays.copyOf(DATA, DATA.length);
        changed[5000] ^= 1;
        assertThat(FileCrc.of(chunks(changed, 1000, 512))).isNotEqualTo(FileCrc.of(chunks(DATA, 1000, 512)));
    }

    @Test
    void emptyFileAndUncheckedChunks() {
        assertThat(FileCrc.of(List.of())).contains(new CompositeCrcFileChecksum(0, DataChecksum.Type.CRC32C, 0));
        ChunkInfo unchecked = ChunkInfo.newBuilder()
                .setLength(10)
                .setChecksum(ChecksumData.newBuilder().setType(ChecksumType.CHECKSUM_NONE))
                .build();
        assertThat(FileCrc.of(List.of(unchecked))).isEmpty();
    }

    private static byte[] randomBytes(int size) {
        byte[] bytes = new byte[size];
        new Random(3).nextBytes(bytes);
        return bytes;
    }

    /** The chunk list a writer with these chunk and checksum-unit sizes leaves. */
    private static List<ChunkInfo> chunks(byte[] data, int chunkSize, int bytesPerChecksum) {
        Crc32cChecksum checksum = new Crc32cChecksum(bytesPerChecksum);
        List<ChunkInfo> chunks = new ArrayList<>();
        for (int offset = 0; offset < data.length; offset += chunkSize) {
            int length = Math.min(chunkSize, data.length - offset);
            ChecksumData.Builder sums =
                    ChecksumData.newBuilder().setType(ChecksumType.CRC32C).setBytesPerChecksum(bytesPerChecksum);
            for (int crc : checksum.compute(ByteBuffer.wrap(data, offset, length))) {
                sums.addChecksums(crc);
            }
            chunks.add(ChunkInfo.newBuilder()
                    .setOffset(offset)
                    .setLength(length)
                    .setChecksum(sums)
                    .build());
        }
        return chunks;
    }
}
