package dev.o3.datanode.volume;

import dev.o3.server.db.Codec;
import java.nio.ByteBuffer;

/**
 * Key of a block's metadata row: container id then local id, both order-preserving, so one container's blocks are a
 * contiguous key range.
 *
 * @param containerId container id
 * @param localId block id within the cluster
 */
public record BlockKey(long containerId, long localId) {
    /** Big-endian with flipped sign bits: byte order equals numeric order. */
    public static final Codec<BlockKey> CODEC = new Codec<>() {
        @Override
        public byte[] encode(BlockKey key) {
            return ByteBuffer.allocate(2 * Long.BYTES)
                    .putLong(key.containerId() ^ Long.MIN_VALUE)
                    .putLong(key.localId() ^ Long.MIN_VALUE)
                    .array();
        }

        @Override
        public BlockKey decode(byte[] bytes) {
            if (bytes.length != 2 * Long.BYTES) {
                throw new IllegalArgumentException("a block key has 16 bytes, got " + bytes.length);
            }
            ByteBuffer buffer = ByteBuffer.wrap(bytes);
            return new BlockKey(buffer.getLong() ^ Long.MIN_VALUE, buffer.getLong() ^ Long.MIN_VALUE);
        }
    };
}
