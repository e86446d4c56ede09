package dev.o3.common.checksum;

import java.nio.ByteBuffer;
import java.util.zip.CRC32C;

/**
 * Computes and verifies CRC32C values, one per {@code bytesPerChecksum} slice (the last slice may be shorter), the
 * layout of {@code ozone.client.bytes.per.checksum}. Stateless and thread-safe; {@link CRC32C} uses the CPU's CRC
 * instruction through intrinsics.
 */
public final class Crc32cChecksum {
    private final int bytesPerChecksum;

    public Crc32cChecksum(int bytesPerChecksum) {
        if (bytesPerChecksum <= 0) {
            throw new IllegalArgumentException("bytesPerChecksum must be positive: " + bytesPerChecksum);
        }
        this.bytesPerChecksum = bytesPerChecksum;
    }

    public int bytesPerChecksum() {
        return bytesPerChecksum;
    }

    /** Number of checksums that cover {@code length} bytes. */
    public int checksumCount(long length) {
        return Math.toIntExact((length + bytesPerChecksum - 1) / bytesPerChecksum);
    }

    /** Checksums of the buffer's remaining bytes; the buffer's position is not changed. */
    public int[] compute(ByteBuffer data) {
        ByteBuffer view = data.duplicate();
        int[] checksums = new int[checksumCount(view.remaining())];
        CRC32C crc = new CRC32C();
        for (int i = 0; i < checksums.length; i++) {
            int sliceLength = Math.min(bytesPerChecksum, view.remaining());
            ByteBuffer slice = view.slice(view.position(), sliceLength);
            crc.reset();
            crc.update(slice);
            checksums[i] = (int) crc.getValue();
            view.position(view.position() + sliceLength);
        }
        return checksums;
    }

    /** Checksums of {@code length} bytes of an array. */
    public int[] compute(byte[] data, int offset, int length) {
        return compute(ByteBuffer.wrap(data, offset, length));
    }

    /**
     * Verifies the buffer's remaining bytes against expected checksums; the buffer's position is not changed.
     *
     * @throws ChecksumMismatchException naming the offset of the first bad slice
     */
    public void verify(ByteBuffer data, int[] expected) throws ChecksumMismatchException {
        int[] actual = compute(data);
        if (actual.length != expected.length) {
            throw new IllegalArgumentException("expected " + actual.length + " checksums for " + data.remaining()
                    + " bytes, got " + expected.length);
        }
        for (int i = 0; i < actual.length; i++) {
            if (actual[i] != expected[i]) {
                throw new ChecksumMismatchException((long) i * bytesPerChecksum, expected[i], actual[i]);
            }
        }
    }
}
