package dev.o3.common.container;

import dev.o3.common.checksum.ChecksumMismatchException;
import dev.o3.common.checksum.Crc32cChecksum;
import dev.o3.proto.hdds.ChecksumData;
import dev.o3.proto.hdds.ChecksumType;
import dev.o3.proto.hdds.ChunkInfo;
import java.nio.ByteBuffer;
import java.util.List;

/** Computes and verifies the CRC32C {@link ChecksumData} of chunk data. Stateless. */
public final class ChunkChecksums {
    private ChunkChecksums() {}

    /** Checksums of the buffer's remaining bytes, one per {@code bytesPerChecksum} slice. */
    public static ChecksumData compute(ByteBuffer data, int bytesPerChecksum) {
        ChecksumData.Builder builder =
                ChecksumData.newBuilder().setType(ChecksumType.CRC32C).setBytesPerChecksum(bytesPerChecksum);
        for (int value : new Crc32cChecksum(bytesPerChecksum).compute(data)) {
            builder.addChecksums(value);
        }
        return builder.build();
    }

    /**
     * Verifies the chunk's data against the checksums in its {@link ChunkInfo}; data without checksums passes.
     *
     * @throws ChecksumMismatchException when a slice does not match, or the data has the wrong length
     */
    public static void verify(ChunkInfo chunk, ByteBuffer data) throws ChecksumMismatchException {
        if (data.remaining() != chunk.getLength()) {
            throw new ChecksumMismatchException(Math.min(data.remaining(), chunk.getLength()), 0, 0);
        }
        ChecksumData checksum = chunk.getChecksum();
        if (checksum.getType() != ChecksumType.CRC32C || checksum.getChecksumsCount() == 0) {
            return;
        }
        List<Integer> expected = checksum.getChecksumsList();
        int[] values = new int[expected.size()];
        for (int i = 0; i < values.length; i++) {
            values[i] = expected.get(i);
        }
        Crc32cChecksum crc = new Crc32cChecksum(checksum.getBytesPerChecksum());
        if (crc.checksumCount(data.remaining()) != values.length) {
            throw new ChecksumMismatchException(0, 0, 0);
        }
        crc.verify(data, values);
    }
}
