package dev.o3.s3gateway.http;

import static org.assertj.core.api.Assertions.assertThat;

import dev.o3.s3gateway.backend.LendingStream;
import io.netty.buffer.ByteBuf;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.DefaultHttpHeaders;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.LastHttpContent;
import java.io.ByteArrayInputStream;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** A body whose source lends its bytes goes out in the lent buffers themselves, each given back once written. */
class TestLentResponseBody {
    /** Lends the first {@code lent} bytes in direct buffers of {@code piece} bytes, then only copies. */
    private static final class Lender extends ByteArrayInputStream implements LendingStream {
        private final int lent;
        private final int piece;
        private final AtomicInteger released = new AtomicInteger();
        private final List<ByteBuffer> loans = new ArrayList<>();

        Lender(byte[] data, int lent, int piece) {
            super(data);
            this.lent = lent;
            this.piece = piece;
        }

        @Override
        public Optional<Loan> lend(int max) {
            int n = Math.min(Math.min(max, piece), lent - pos);
            if (n <= 0) {
                return Optional.empty();
            }
            ByteBuffer bytes = ByteBuffer.allocateDirect(n).put(buf, pos, n).flip();
            pos += n;
            loans.add(bytes);
            return Optional.of(new Loan(bytes, released::incrementAndGet));
        }
    }

    @Test
    void aBodyInOneLentPieceGoesOutWithItsHeadAsOneMessage() {
        byte[] data = new byte[4096];
        for (int i = 0; i < data.length; i++) {
            data[i] = (byte) (i * 7);
        }
        Lender source = new Lender(data, data.length, data.length);
        EmbeddedChannel channel = new EmbeddedChannel();
        NettyResponder responder = new NettyResponder(channel, true, () -> true, open -> {});

        responder.stream(HttpResponseStatus.OK, new DefaultHttpHeaders().set("etag", "\"e\""), data.length, source);

        FullHttpResponse response = channel.readOutbound();
        assertThat(channel.<Object>readOutbound())
                .as("nothing after the one message")
                .isNull();
        assertThat(response.status()).isEqualTo(HttpResponseStatus.OK);
        assertThat(response.headers().get("etag")).isEqualTo("\"e\"");
        assertThat(response.headers().getInt(HttpHeaderNames.CONTENT_LENGTH)).isEqualTo(data.length);
        assertThat(response.content()).isInstanceOf(LentByteBuf.class);
        byte[] sent = new byte[data.length];
        response.content().getBytes(response.content().readerIndex(), sent);
        assertThat(sent).isEqualTo(data);
        assertThat(responder.bytesSent()).isEqualTo(data.length);

        response.release();
        assertThat(source.released).hasValue(1);
        assertThat(channel.finishAndReleaseAll()).isFalse();
    }

    @Test
    void lentBytesAreSentAsTheyAreAndGivenBackWhenNettyReleasesThem() {
        byte[] data = new byte[200_000];
        for (int i = 0; i < data.length; i++) {
            data[i] = (byte) (i * 31);
        }
        Lender source = new Lender(data, 150_000, 100_000);
        EmbeddedChannel channel = new EmbeddedChannel();
        NettyResponder responder = new NettyResponder(channel, true, () -> true, open -> {});

        responder.stream(HttpResponseStatus.OK, new DefaultHttpHeaders(), data.length, source);

        HttpResponse head = channel.readOutbound();
        assertThat(head.status()).isEqualTo(HttpResponseStatus.OK);
        List<ByteBuf> pieces = new ArrayList<>();
        for (Object message = channel.readOutbound(); message != null; message = channel.readOutbound()) {
            pieces.add(((HttpContent) message).content());
            if (message instanceof LastHttpContent) {
                break;
            }
        }
        assertThat(pieces.subList(0, 2)).allMatch(piece -> piece instanceof LentByteBuf);
        assertThat(pieces.get(1).readableBytes()).isEqualTo(50_000);
        assertThat(pieces.get(2)).as("past the lent bytes, copied").isNotInstanceOf(LentByteBuf.class);
        byte[] sent = new byte[data.length];
        int at = 0;
        for (ByteBuf piece : pieces) {
            int n = piece.readableBytes();
            piece.getBytes(piece.readerIndex(), sent, at, n);
            at += n;
        }
        assertThat(at).isEqualTo(data.length);
        assertThat(sent).isEqualTo(data);
        assertThat(source.released)
                .as("nothing given back while Netty holds it")
                .hasValue(0);
        source.loans.get(0).put(0, (byte) 42);
        assertThat(pieces.get(0).getByte(0))
                .as("the loan's memory, not a copy of it")
                .isEqualTo((byte) 42);

        pieces.forEach(ByteBuf::release);
        assertThat(source.released).hasValue(2);
        assertThat(channel.finishAndReleaseAll()).isFalse();
    }
}
