package dev.o3.datanode.replication;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.o3.proto.replication.ContainerTrailer;
import dev.o3.proto.replication.ReplicationError;
import dev.o3.proto.replication.ReplicationFrame;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.Unpooled;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class TestFrameParser {
    @Test
    void splitsFramesAndRawBytesFedOneByteAtATime() throws Exception {
        ReplicationFrame withData = ReplicationFrame.newBuilder()
                .setError(ReplicationError.newBuilder().setMessage("five bytes follow"))
                .build();
        ReplicationFrame empty = ReplicationFrame.getDefaultInstance();
        ReplicationFrame last = ReplicationFrame.newBuilder()
                .setTrailer(ContainerTrailer.newBuilder().setBlockCount(1).setFileBytes(5))
                .build();
        ByteBuf stream = Unpooled.buffer();
        for (ReplicationFrame frame : List.of(withData, empty)) {
            ByteBuf encoded = Frames.encode(ByteBufAllocator.DEFAULT, frame);
            stream.writeBytes(encoded);
            encoded.release();
        }
        stream.writeBytes(new byte[] {1, 2, 3, 4, 5});
        ByteBuf encoded = Frames.encode(ByteBufAllocator.DEFAULT, last);
        stream.writeBytes(encoded);
        encoded.release();

        List<ReplicationFrame> frames = new ArrayList<>();
        ByteArrayOutputStream raw = new ByteArrayOutputStream();
        FrameParser parser = new FrameParser(new FrameParser.Listener() {
            @Override
            public long onFrame(ReplicationFrame frame) {
                frames.add(frame);
                return frame.equals(empty) ? 5 : 0;
            }

            @Override
            public void onData(ByteBuf data) {
                byte[] bytes = new byte[data.readableBytes()];
                data.readBytes(bytes);
                raw.writeBytes(bytes);
            }
        });
        while (stream.isReadable()) {
            parser.feed(stream.readSlice(1));
        }

        assertThat(frames).containsExactly(withData, empty, last);
        assertThat(raw.toByteArray()).containsExactly(1, 2, 3, 4, 5);
    }

    @Test
    void refusesAFrameLongerThanTheLimit() {
        FrameParser parser = new FrameParser(new FrameParser.Listener() {
            @Override
            public long onFrame(ReplicationFrame frame) {
                return 0;
            }

            @Override
            public void onData(ByteBuf data) {}
        });

        assertThatThrownBy(() -> parser.feed(Unpooled.buffer().writeInt(Frames.MAX_FRAME_BYTES + 1)))
                .isInstanceOf(ReplicationException.class)
                .hasMessageContaining("bad frame length");
    }
}
