package dev.o3.s3gateway.http;

import com.google.errorprone.annotations.concurrent.GuardedBy;
import dev.o3.s3gateway.body.BodySource;
import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayDeque;
import java.util.Objects;

/**
 * The raw body of one request, handed from the channel's event loop to the worker that runs the request. The event
 * loop {@link #offer}s content; the worker pulls it with {@link #next()}. Back-pressure: when more than the high-water
 * mark is queued the channel stops reading, and the worker turns reading back on below the low-water mark, so a
 * 5 GiB upload holds at most about the high-water mark in memory. A request with {@code Expect: 100-continue} gets its
 * {@code 100 Continue} only when the worker first asks for data, i.e. after authentication and routing succeeded.
 *
 * <p>Threading: {@link #offer}, {@link #end} and {@link #fail} run on the event loop, {@link #next()} on one worker;
 * state is guarded by this object's monitor.
 */
public final class RequestBody implements BodySource {
    private final Channel channel;
    private final long highWater;
    private final long lowWater;

    @GuardedBy("this")
    private final ArrayDeque<ByteBuf> queue = new ArrayDeque<>();

    @GuardedBy("this")
    private boolean expectContinue;

    @GuardedBy("this")
    private long queuedBytes;

    @GuardedBy("this")
    private boolean ended;

    @GuardedBy("this")
    private boolean closed;

    @GuardedBy("this")
    private IOException failure;

    RequestBody(Channel channel, boolean expectContinue, long highWater) {
        this.channel = Objects.requireNonNull(channel, "channel is null");
        this.expectContinue = expectContinue;
        this.highWater = highWater;
        this.lowWater = highWater / 4;
    }

    /** Queues a piece of the body, taking ownership of it. Event loop only. */
    synchronized void offer(ByteBuf content) {
        if (closed || !content.isReadable()) {
            content.release();
            return;
        }
        queue.add(content);
        queuedBytes += content.readableBytes();
        if (queuedBytes > highWater) {
            channel.config().setAutoRead(false);
        }
        notifyAll();
    }

    /** Marks the end of the body; reading pauses until the response is done. Event loop only. */
    synchronized void end() {
        ended = true;
        channel.config().setAutoRead(false);
        notifyAll();
    }

    /** Fails a waiting or later {@link #next()} (the connection broke). */
    synchronized void fail(IOException cause) {
        failure = cause;
        notifyAll();
    }

    /** Whether the whole body arrived. */
    synchronized boolean ended() {
        return ended;
    }

    /** Drops queued data; later content is released on arrival. */
    synchronized void close() {
        closed = true;
        while (!queue.isEmpty()) {
            queue.poll().release();
        }
        queuedBytes = 0;
    }

    @Override
    public synchronized ByteBuf next() {
        if (expectContinue) {
            expectContinue = false;
            if (!ended && queue.isEmpty()) {
                channel.writeAndFlush(new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.CONTINUE))
                        .addListener(ChannelFutureListener.CLOSE_ON_FAILURE);
            }
        }
        while (queue.isEmpty() && !ended) {
            if (failure != null) {
                throw new UncheckedIOException("connection failed while reading the request body", failure);
            }
            try {
                wait();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new UncheckedIOException(new IOException("interrupted while reading the request body", e));
            }
        }
        ByteBuf next = queue.poll();
        if (next == null) {
            return null;
        }
        queuedBytes -= next.readableBytes();
        if (!ended && queuedBytes < lowWater && !channel.config().isAutoRead()) {
            channel.config().setAutoRead(true);
        }
        return next;
    }
}
