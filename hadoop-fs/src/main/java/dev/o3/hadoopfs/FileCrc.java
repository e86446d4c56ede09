package dev.o3.hadoopfs;

import dev.o3.proto.hdds.ChecksumType;
import dev.o3.proto.hdds.ChunkInfo;
import java.util.List;
import java.util.Optional;
import org.apache.hadoop.fs.CompositeCrcFileChecksum;
import org.apache.hadoop.fs.FileChecksum;
import org.apache.hadoop.util.CrcUtil;
import org.apache.hadoop.util.DataChecksum;

/**
 * A file's checksum as HDFS's COMPOSITE_CRC mode gives it: the CRC32C of the whole file, composed from the CRC32C of
 * each checksum unit that the datanodes store with the chunks. It depends only on the bytes, not on how they were cut
 * into blocks, chunks or checksum units, so copies written with other block or chunk sizes compare equal.
 */
final class FileCrc {
    private FileCrc() {}

    /**
     * The composed checksum, or empty when a chunk was written without checksums or the chunks of a block do not
     * follow each other.
     *
     * @param chunks every chunk of the file in order: each block's from offset 0 on
     */
    static Optional<FileChecksum> of(List<ChunkInfo> chunks) {
        // The CRC32C of no bytes is 0.
        int crc = 0;
        int bytesPerCrc = 0;
        boolean first = true;
        long blockEnd = -1;
        for (ChunkInfo chunk : chunks) {
            if (chunk.getChecksum().getType() != ChecksumType.CRC32C) {
                return Optional.empty();
            }
            if (chunk.getOffset() != 0 && chunk.getOffset() != blockEnd) {
                // Not one contiguous run of chunks per block: no checksum rather than a wrong one.
                return Optional.empty();
            }
            blockEnd = chunk.getOffset() + chunk.getLength();
            int unit = chunk.getChecksum().getBytesPerChecksum();
            bytesPerCrc = Math.max(bytesPerCrc, unit);
            long remaining = chunk.getLength();
            for (int unitCrc : chunk.getChecksum().getChecksumsList()) {
                long length = Math.min(unit, remaining);
                crc = first ? unitCrc : CrcUtil.compose(crc, unitCrc, length, CrcUtil.CASTAGNOLI_POLYNOMIAL);
                first = false;
                remaining -= length;
            }
        }
        return Optional.of(new CompositeCrcFileChecksum(crc, DataChecksum.Type.CRC32C, bytesPerCrc));
    }
}
