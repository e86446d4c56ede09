package dev.o3.s3gateway.http;

import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.handler.timeout.IdleStateEvent;
import io.netty.util.ReferenceCountUtil;
import java.io.IOException;
import java.net.SocketAddress;
import java.util.ArrayDeque;
import java.util.Objects;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Per-connection handler after Netty's HTTP codec: each request head starts an {@link Exchange} that runs on the
 * worker executor while body content keeps flowing into its {@link RequestBody}. One exchange runs at a time per
 * connection: reading pauses at the end of a request body and resumes when its response is flushed (keep-alive),
 * or the connection closes (no keep-alive, failure, or a body the response did not wait for). Pipelined requests
 * decoded meanwhile wait in order until the current response is done.
 *
 * <p>Threading: all methods run on the channel's event loop; the fields are confined to it.
 */
public final class S3ChannelHandler extends ChannelInboundHandlerAdapter {
    private static final Logger LOG = LoggerFactory.getLogger(S3ChannelHandler.class);

    private final ExchangeHandler handler;
    private final Executor workers;
    private final long bodyHighWater;
    private final ArrayDeque<Object> pipelined = new ArrayDeque<>();
    private RequestBody body;
    private NettyResponder responder;

    public S3ChannelHandler(ExchangeHandler handler, Executor workers, long bodyHighWater) {
        this.handler = Objects.requireNonNull(handler, "handler is null");
        this.workers = Objects.requireNonNull(workers, "workers is null");
        this.bodyHighWater = bodyHighWater;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (!pipelined.isEmpty() || (body != null && body.ended())) {
            // A pipelined request: the codec decoded it before reading paused; run it after the current one.
            pipelined.add(msg);
            return;
        }
        process(ctx, msg);
    }

    private void process(ChannelHandlerContext ctx, Object msg) {
        try {
            if (msg instanceof HttpRequest request) {
                startExchange(ctx, request);
            }
            if (msg instanceof HttpContent content && body != null) {
                body.offer(content.content().retain());
                if (msg instanceof LastHttpContent) {
                    body.end();
                }
            }
        } finally {
            ReferenceCountUtil.release(msg);
        }
    }

    private void startExchange(ChannelHandlerContext ctx, HttpRequest request) {
        if (request.decoderResult().isFailure()) {
            LOG.debug(
                    "undecodable request from {}",
                    ctx.channel().remoteAddress(),
                    request.decoderResult().cause());
            rejectAndClose(ctx, HttpResponseStatus.BAD_REQUEST);
            return;
        }
        boolean keepAlive = HttpUtil.isKeepAlive(request);
        // Known complete at once, whether or not the codec has delivered the (empty) last content yet.
        boolean bodyless = HttpUtil.getContentLength(request, 0L) == 0 && !HttpUtil.isTransferEncodingChunked(request);
        RequestBody requestBody =
                new RequestBody(ctx.channel(), HttpUtil.is100ContinueExpected(request), bodyHighWater);
        NettyResponder exchangeResponder = new NettyResponder(
                ctx.channel(), keepAlive, () -> bodyless || requestBody.ended(), keepOpen -> ctx.executor()
                        .execute(() -> exchangeDone(ctx, requestBody, keepOpen)));
        body = requestBody;
        responder = exchangeResponder;
        Exchange exchange = new Exchange(
                request, requestBody, exchangeResponder, addressOf(ctx.channel().remoteAddress()));
        try {
            workers.execute(() -> handler.handle(exchange));
        } catch (RejectedExecutionException e) {
            LOG.warn("worker pool rejected a request; answering 503", e);
            rejectAndClose(ctx, HttpResponseStatus.SERVICE_UNAVAILABLE);
        }
    }

    private void exchangeDone(ChannelHandlerContext ctx, RequestBody finished, boolean keepOpen) {
        finished.close();
        if (body == finished) {
            body = null;
            responder = null;
        }
        if (!keepOpen) {
            var unused = ctx.close();
        } else {
            ctx.channel().config().setAutoRead(true);
            while (!pipelined.isEmpty() && (body == null || !body.ended())) {
                process(ctx, pipelined.poll());
            }
        }
    }

    private void rejectAndClose(ChannelHandlerContext ctx, HttpResponseStatus status) {
        body = null;
        DefaultFullHttpResponse response =
                new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, status, Unpooled.EMPTY_BUFFER);
        response.headers().setInt(HttpHeaderNames.CONTENT_LENGTH, 0);
        response.headers().set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
        ctx.writeAndFlush(response).addListener(ChannelFutureListener.CLOSE);
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object event) {
        if (event instanceof IdleStateEvent && body == null) {
            LOG.debug("closing idle connection {}", ctx.channel().remoteAddress());
            var unused = ctx.close();
            return;
        }
        ctx.fireUserEventTriggered(event);
    }

    @Override
    public void channelWritabilityChanged(ChannelHandlerContext ctx) {
        if (responder != null) {
            responder.writabilityChanged();
        }
        ctx.fireChannelWritabilityChanged();
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        while (!pipelined.isEmpty()) {
            ReferenceCountUtil.release(pipelined.poll());
        }
        if (body != null) {
            body.fail(new IOException("connection closed by " + ctx.channel().remoteAddress()));
            body.close();
        }
        if (responder != null) {
            responder.writabilityChanged();
        }
        ctx.fireChannelInactive();
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        LOG.debug("connection {} failed", ctx.channel().remoteAddress(), cause);
        var unused = ctx.close();
    }

    private static String addressOf(SocketAddress address) {
        if (address == null) {
            return "-";
        }
        String text = address.toString();
        return text.startsWith("/") ? text.substring(1) : text;
    }
}
