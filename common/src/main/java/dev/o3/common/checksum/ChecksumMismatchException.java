package dev.o3.common.checksum;

import java.io.IOException;

/** Data whose CRC32C does not match the stored checksum: never return such data as good. */
public final class ChecksumMismatchException extends IOException {
    private static final long serialVersionUID = 1L;

    private final long offset;

    public ChecksumMismatchException(long offset, int expected, int actual) {
        super(String.format("checksum mismatch at offset %d: expected %08x, computed %08x", offset, expected, actual));
        this.offset = offset;
    }

    /** Offset of the first bad slice, relative to the start of the checked data. */
    public long offset() {
        return offset;
    }
}
