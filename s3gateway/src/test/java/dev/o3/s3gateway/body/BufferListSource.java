package dev.o3.s3gateway.body;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.util.ArrayDeque;
import java.util.Deque;

/** A body source over a byte array, cut into pieces of a fixed size to exercise boundary handling. */
final class BufferListSource implements BodySource {
    private final Deque<ByteBuf> pieces = new ArrayDeque<>();

    BufferListSource(byte[] data, int pieceSize) {
        for (int offset = 0; offset < data.length; offset += pieceSize) {
            int length = Math.min(pieceSize, data.length - offset);
            pieces.add(Unpooled.copiedBuffer(data, offset, length));
        }
    }

    @Override
    public ByteBuf next() {
        return pieces.poll();
    }

    /** Releases pieces never pulled. */
    void releaseRest() {
        while (!pieces.isEmpty()) {
            pieces.poll().release();
        }
    }
}
