package dev.o3.datanode.replication;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;

/** Writes received block file bytes to disk; tests slow it down or interrupt a copy through it. */
@FunctionalInterface
public interface BlockFileWriter {
    /** Plain positional writes. */
    BlockFileWriter DIRECT = FileChannel::write;

    /**
     * Writes some of the buffer's remaining bytes at {@code position} of the file.
     *
     * @return bytes written
     */
    int write(FileChannel file, ByteBuffer data, long position) throws IOException;
}
