package dev.o3.s3gateway.body;

import java.util.zip.Checksum;

/**
 * CRC-64/NVME (reflected polynomial {@code 0x9A6C9329AC4BC9B5}, init and final XOR all ones), the checksum S3 calls
 * {@code CRC64NVME}; the JDK has no implementation. Table-driven, one byte at a time. Not thread-safe.
 */
final class Crc64Nvme implements Checksum {
    private static final long POLY = 0x9A6C9329AC4BC9B5L;
    private static final long[] TABLE = table();

    private long crc = -1L;

    private static long[] table() {
        long[] table = new long[256];
        for (int i = 0; i < 256; i++) {
            long value = i;
            for (int bit = 0; bit < 8; bit++) {
                value = (value & 1) != 0 ? (value >>> 1) ^ POLY : value >>> 1;
            }
            table[i] = value;
        }
        return table;
    }

    @Override
    public void update(int b) {
        crc = TABLE[(int) ((crc ^ b) & 0xff)] ^ (crc >>> 8);
    }

    @Override
    public void update(byte[] bytes, int offset, int length) {
        for (int i = offset; i < offset + length; i++) {
            update(bytes[i]);
        }
    }

    @Override
    public long getValue() {
        return ~crc;
    }

    @Override
    public void reset() {
        crc = -1L;
    }
}
