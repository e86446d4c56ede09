package dev.o3.datanode.replication;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.util.ReferenceCountUtil;
import java.time.Duration;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * Hands what a destination's channel receives to the download thread, which writes it to disk and only then asks the
 * channel for more ({@code AUTO_READ} is off): the queue holds at most the buffers of one or two socket reads.
 */
final class InboundQueue extends ChannelInboundHandlerAdapter {
    /** The source closed the connection. */
    static final Object END = new Object();

    private final BlockingQueue<Object> queue = new LinkedBlockingQueue<>();

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        queue.add(msg);
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        queue.add(END);
        ctx.fireChannelInactive();
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        queue.add(cause);
        var unused = ctx.close();
    }

    /**
     * The next buffer, {@link #END} or the channel's exception.
     *
     * @return null when nothing arrived within the timeout
     */
    Object poll(Duration timeout) throws InterruptedException {
        return queue.poll(timeout.toMillis(), TimeUnit.MILLISECONDS);
    }

    /** Whether nothing waits to be written. */
    boolean isEmpty() {
        return queue.isEmpty();
    }

    /** Releases the buffers nobody will write (after the channel closed). */
    void discard() {
        Object item;
        while ((item = queue.poll()) != null) {
            ReferenceCountUtil.release(item);
        }
    }
}
