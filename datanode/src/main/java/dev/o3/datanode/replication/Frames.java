package dev.o3.datanode.replication;

import dev.o3.proto.replication.ReplicationFrame;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;

/** The framing of the replication protocol: a 4-byte big-endian length, then a {@link ReplicationFrame}. */
final class Frames {
    /** Bytes of the length prefix. */
    static final int LENGTH_BYTES = Integer.BYTES;

    /** Largest frame accepted: a block header with its checksums, or a small block kept in the database. */
    static final int MAX_FRAME_BYTES = 16 << 20;

    private Frames() {}

    /** The frame with its length prefix, in a buffer of the allocator (released by whoever writes it). */
    static ByteBuf encode(ByteBufAllocator allocator, ReplicationFrame frame) {
        byte[] body = frame.toByteArray();
        ByteBuf buffer = allocator.buffer(LENGTH_BYTES + body.length);
        return buffer.writeInt(body.length).writeBytes(body);
    }
}
