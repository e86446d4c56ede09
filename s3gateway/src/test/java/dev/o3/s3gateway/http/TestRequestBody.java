package dev.o3.s3gateway.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import java.io.IOException;
import java.io.UncheckedIOException;
import org.junit.jupiter.api.Test;

/** Back-pressure and lazy 100-continue of a streamed request body. */
class TestRequestBody {
    private static Object outbound(EmbeddedChannel channel) {
        return channel.readOutbound();
    }

    private static ByteBuf bytes(int size) {
        return Unpooled.buffer(size).writeZero(size);
    }

    @Test
    void pausesReadingAboveTheHighWaterMarkAndResumesBelowTheLowOne() {
        EmbeddedChannel channel = new EmbeddedChannel();
        RequestBody body = new RequestBody(channel, false, 1000);

        body.offer(bytes(600));
        assertThat(channel.config().isAutoRead()).isTrue();
        body.offer(bytes(600));
        assertThat(channel.config().isAutoRead()).isFalse();
        body.next().release();
        assertThat(channel.config().isAutoRead()).isFalse();
        body.next().release();
        assertThat(channel.config().isAutoRead()).isTrue();
        body.end();

        assertThat(body.next()).isNull();
        assertThat(body.ended()).isTrue();
        channel.finishAndReleaseAll();
    }

    @Test
    void sendsContinueOnlyWhenTheBodyIsFirstRead() {
        EmbeddedChannel channel = new EmbeddedChannel();
        RequestBody body = new RequestBody(channel, true, 1000);
        assertThat(outbound(channel)).isNull();

        body.offer(bytes(10));
        body.end();
        body.next().release();

        assertThat(outbound(channel)).isNull();
        RequestBody waiting = new RequestBody(channel, true, 1000);
        waiting.end();
        assertThat(waiting.next()).isNull();
        assertThat(outbound(channel)).isNull();
        channel.finishAndReleaseAll();
    }

    @Test
    void sendsContinueWhenNoDataArrivedYet() {
        EmbeddedChannel channel = new EmbeddedChannel();
        RequestBody body = new RequestBody(channel, true, 1000);
        body.fail(new IOException("closed"));

        assertThatThrownBy(body::next).isInstanceOf(UncheckedIOException.class);
        FullHttpResponse response = channel.readOutbound();
        assertThat(response.status()).isEqualTo(HttpResponseStatus.CONTINUE);
        response.release();
        channel.finishAndReleaseAll();
    }

    @Test
    void releasesDataOfAClosedBody() {
        EmbeddedChannel channel = new EmbeddedChannel();
        RequestBody body = new RequestBody(channel, false, 1000);
        ByteBuf queued = bytes(10);
        ByteBuf late = bytes(10);
        body.offer(queued);

        body.close();
        body.offer(late);

        assertThat(queued.refCnt()).isZero();
        assertThat(late.refCnt()).isZero();
        channel.finishAndReleaseAll();
    }
}
