package dev.o3.datanode.container;

import com.google.protobuf.ByteString;
import dev.o3.datanode.volume.DataVolume;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;

/**
 * Writes chunk data to a channel opened with O_DIRECT, through an aligned direct buffer of {@link #PIECE} bytes per
 * writer thread. A direct write skips the kernel's copy into the page cache, which took most of a chunk writer
 * thread's CPU under 1 MB PUTs, and leaves no dirty pages for the kernel to write back later (docs/benchmarks.md,
 * "Direct chunk writes").
 *
 * <p>Thread-safe: each thread fills its own buffer. A thread keeps its buffer (about 1 MB of direct memory) for as
 * long as it lives, as the JDK keeps its own temporary direct buffers per thread.
 */
final class DirectWrites {
    /** Bytes per write call; a multiple of every alignment a volume may have. */
    static final int PIECE = 1 << 20;

    private static final ThreadLocal<ByteBuffer> BUFFERS =
            ThreadLocal.withInitial(() -> ByteBuffer.allocateDirect(PIECE + DataVolume.MAX_DIRECT_IO_ALIGNMENT));

    private DirectWrites() {}

    /** Whether a chunk of {@code length} bytes at {@code offset} may be written directly with this alignment. */
    static boolean aligned(long offset, long length, int alignment) {
        return offset % alignment == 0 && length % alignment == 0;
    }

    /**
     * Writes {@code data} at {@code offset}; both must be {@link #aligned}.
     *
     * @throws IOException when a write fails
     */
    static void write(FileChannel channel, long offset, ByteString data, int alignment) throws IOException {
        ByteBuffer buffer = BUFFERS.get().alignedSlice(alignment).limit(PIECE);
        long position = offset;
        for (ByteBuffer source : data.asReadOnlyByteBufferList()) {
            while (source.hasRemaining()) {
                int take = Math.min(source.remaining(), buffer.remaining());
                buffer.put(buffer.position(), source, source.position(), take);
                buffer.position(buffer.position() + take);
                source.position(source.position() + take);
                if (!buffer.hasRemaining()) {
                    position = drain(channel, buffer, position);
                }
            }
        }
        drain(channel, buffer, position);
    }

    private static long drain(FileChannel channel, ByteBuffer buffer, long position) throws IOException {
        buffer.flip();
        long next = position;
        while (buffer.hasRemaining()) {
            next += channel.write(buffer, next);
        }
        buffer.clear().limit(PIECE);
        return next;
    }
}
