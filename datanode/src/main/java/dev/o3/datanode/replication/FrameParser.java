package dev.o3.datanode.replication;

import com.google.protobuf.InvalidProtocolBufferException;
import dev.o3.proto.replication.ReplicationFrame;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;

/**
 * Splits the bytes a destination receives into frames and the raw block file bytes that follow each block header.
 * Partial frames are kept in a heap buffer of at most {@link Frames#MAX_FRAME_BYTES}; raw bytes are handed on as
 * slices of the received buffer, never copied. Not thread-safe: the download thread confines it.
 */
final class FrameParser {
    /** Receives what the parser finds, in stream order. */
    interface Listener {
        /**
         * A frame.
         *
         * @return how many raw bytes follow it
         */
        long onFrame(ReplicationFrame frame) throws ReplicationException;

        /** Raw bytes of the block file announced by the last frame; the slice is valid during the call only. */
        void onData(ByteBuf data) throws ReplicationException;
    }

    private final Listener listener;
    private final ByteBuf pending = Unpooled.buffer(256);
    private long rawRemaining;

    FrameParser(Listener listener) {
        this.listener = listener;
    }

    /** Consumes all readable bytes of {@code in} (the caller keeps ownership of it). */
    void feed(ByteBuf in) throws ReplicationException {
        while (true) {
            if (rawRemaining > 0) {
                if (!in.isReadable()) {
                    return;
                }
                int length = (int) Math.min(rawRemaining, in.readableBytes());
                listener.onData(in.readSlice(length));
                rawRemaining -= length;
                continue;
            }
            int needed = frameBytesNeeded();
            if (needed == 0) {
                parseFrame();
                continue;
            }
            if (!in.isReadable()) {
                return;
            }
            pending.writeBytes(in, Math.min(needed, in.readableBytes()));
        }
    }

    /** Bytes still missing to complete the frame being assembled (its length prefix first). */
    private int frameBytesNeeded() throws ReplicationException {
        if (pending.readableBytes() < Frames.LENGTH_BYTES) {
            return Frames.LENGTH_BYTES - pending.readableBytes();
        }
        int length = pending.getInt(pending.readerIndex());
        if (length < 0 || length > Frames.MAX_FRAME_BYTES) {
            throw new ReplicationException("bad frame length " + length);
        }
        return Frames.LENGTH_BYTES + length - pending.readableBytes();
    }

    private void parseFrame() throws ReplicationException {
        pending.skipBytes(Frames.LENGTH_BYTES);
        ReplicationFrame frame;
        try {
            frame = ReplicationFrame.parseFrom(pending.nioBuffer());
        } catch (InvalidProtocolBufferException e) {
            throw new ReplicationException("bad frame: " + e.getMessage(), e);
        }
        pending.clear();
        rawRemaining = listener.onFrame(frame);
        if (rawRemaining < 0) {
            throw new ReplicationException("negative file length " + rawRemaining);
        }
    }
}
