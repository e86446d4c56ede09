package dev.o3.s3gateway.http;

import com.google.errorprone.annotations.concurrent.GuardedBy;
import dev.o3.s3gateway.backend.LendingStream;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelOption;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.DefaultHttpContent;
import io.netty.handler.codec.http.DefaultHttpHeaders;
import io.netty.handler.codec.http.DefaultHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.LastHttpContent;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.channels.ReadableByteChannel;
import java.util.Objects;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

/**
 * Writes the response of one exchange from a worker thread. Streamed bodies are written in pieces of
 * {@link #PIECE} bytes, or as the buffers a {@link LendingStream} lends (a body that fits in its first piece goes out
 * with its status line as one message), and the worker waits while the channel is not
 * writable, so a slow reader holds back the worker instead of filling memory. When the response is written, the
 * channel handler is told through the done callback (keep-alive or close).
 *
 * <p>Threading: one worker thread uses it; {@link #writabilityChanged()} comes from the event loop.
 */
public final class NettyResponder {
    static final int PIECE = 64 * 1024;

    private final Channel channel;
    private final boolean keepAlive;
    private final BooleanSupplier requestComplete;
    private final Consumer<Boolean> done;
    private boolean keepOpen;
    private final HttpHeaders common = new DefaultHttpHeaders();
    private volatile boolean started;
    private long bytesSent;

    @GuardedBy("this")
    private boolean waiting;

    /**
     * @param keepAlive whether the client asked to keep the connection
     * @param requestComplete whether the whole request body has arrived (else the connection closes after the
     *     response, announced with {@code Connection: close}, as the rest of the body will not be read)
     * @param done called once the last byte is flushed, with whether the connection stays open
     */
    NettyResponder(Channel channel, boolean keepAlive, BooleanSupplier requestComplete, Consumer<Boolean> done) {
        this.channel = Objects.requireNonNull(channel, "channel is null");
        this.keepAlive = keepAlive;
        this.requestComplete = Objects.requireNonNull(requestComplete, "requestComplete is null");
        this.done = Objects.requireNonNull(done, "done is null");
    }

    /** The client's IP address, if the channel has one. */
    public Optional<String> clientAddress() {
        return Optional.ofNullable(channel.remoteAddress())
                .filter(InetSocketAddress.class::isInstance)
                .map(address -> ((InetSocketAddress) address).getAddress())
                .map(InetAddress::getHostAddress);
    }

    /** Adds headers to whatever response this exchange sends, an error document too (e.g. CORS headers). */
    public void addToEveryResponse(HttpHeaders headers) {
        common.add(headers);
    }

    /** Whether the status line was sent already (no error document can follow). */
    public boolean started() {
        return started;
    }

    /** Body bytes sent so far. */
    public long bytesSent() {
        return bytesSent;
    }

    /** Sends a complete response with the given body (may be empty); takes ownership of {@code body}. */
    public void send(HttpResponseStatus status, HttpHeaders headers, ByteBuf body) {
        DefaultFullHttpResponse response = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, status, body);
        response.headers().set(headers).add(common);
        if (!response.headers().contains(HttpHeaderNames.CONTENT_LENGTH)) {
            response.headers().setInt(HttpHeaderNames.CONTENT_LENGTH, body.readableBytes());
        }
        setConnection(response.headers());
        started = true;
        bytesSent += body.readableBytes();
        finish(channel.writeAndFlush(response));
    }

    /** Sends an empty response with the given status. */
    public void send(HttpResponseStatus status, HttpHeaders headers) {
        send(status, headers, Unpooled.EMPTY_BUFFER);
    }

    /**
     * Streams {@code length} bytes from {@code data} as the body, pausing while the channel is not writable. A stream
     * that is also a {@link ReadableByteChannel} fills the response's buffers itself, saving a copy.
     *
     * <p>The first piece is read before the status line goes out, so a source that cannot be read at all fails while
     * the caller can still answer with an error. A failure after that aborts the connection ({@link #close()}): the
     * client sees the body end early with an error, never a short body that looks complete.
     *
     * @throws UncheckedIOException when reading fails or the connection closes
     */
    public void stream(HttpResponseStatus status, HttpHeaders headers, long length, InputStream data) {
        ByteBuf piece = length > 0 ? readPiece(data, length) : null;
        if (piece != null && piece.readableBytes() == length) {
            // The whole body in one piece (a small object): one message, so one hand-off to the event loop, not three.
            send(status, headers, piece);
            return;
        }
        DefaultHttpResponse response = new DefaultHttpResponse(HttpVersion.HTTP_1_1, status);
        response.headers().set(headers).add(common);
        response.headers().set(HttpHeaderNames.CONTENT_LENGTH, length);
        setConnection(response.headers());
        started = true;
        channel.write(response).addListener(ChannelFutureListener.CLOSE_ON_FAILURE);
        long remaining = length;
        try {
            while (piece != null) {
                remaining -= piece.readableBytes();
                bytesSent += piece.readableBytes();
                channel.writeAndFlush(new DefaultHttpContent(piece))
                        .addListener(ChannelFutureListener.CLOSE_ON_FAILURE);
                awaitWritable();
                piece = remaining > 0 ? readPiece(data, remaining) : null;
            }
        } catch (RuntimeException e) {
            close();
            throw e;
        }
        finish(channel.writeAndFlush(LastHttpContent.EMPTY_LAST_CONTENT));
    }

    /**
     * The next piece of the body: bytes a {@link LendingStream} lends (up to the end of the buffer holding them), else
     * at most {@link #PIECE} of the {@code remaining} bytes copied into a buffer of the channel's.
     */
    private ByteBuf readPiece(InputStream data, long remaining) {
        if (data instanceof LendingStream lender) {
            Optional<LendingStream.Loan> loan = borrow(lender, remaining);
            if (loan.isPresent()) {
                try {
                    return new LentByteBuf(loan.get());
                } catch (RuntimeException e) {
                    loan.get().release().run();
                    throw e;
                }
            }
        }
        int size = (int) Math.min(PIECE, remaining);
        ByteBuf piece = channel.alloc().buffer(size);
        try {
            int read = data instanceof ReadableByteChannel source
                    ? readInto(piece, source, size)
                    : piece.writeBytes(data, size);
            if (read < 0) {
                throw new IOException("object data ended " + remaining + " bytes early");
            }
            return piece;
        } catch (IOException e) {
            piece.release();
            throw new UncheckedIOException("reading the object failed", e);
        } catch (RuntimeException e) {
            piece.release();
            throw e;
        }
    }

    private static Optional<LendingStream.Loan> borrow(LendingStream lender, long remaining) {
        try {
            return lender.lend((int) Math.min(Integer.MAX_VALUE, remaining));
        } catch (IOException e) {
            throw new UncheckedIOException("reading the object failed", e);
        }
    }

    /**
     * Lets the source copy into the buffer's own memory: one copy, where {@link ByteBuf#writeBytes(InputStream, int)}
     * into a direct buffer goes through a temporary array.
     */
    private static int readInto(ByteBuf piece, ReadableByteChannel source, int size) throws IOException {
        int read = source.read(piece.nioBuffer(piece.writerIndex(), size));
        if (read > 0) {
            piece.writerIndex(piece.writerIndex() + read);
        }
        return read;
    }

    /**
     * Aborts the connection after a failure once the response had started: with a TCP reset rather than an orderly
     * close, because a client that does not count the body's bytes against Content-Length (the JDK's
     * HttpURLConnection, so the AWS SDK's UrlConnectionHttpClient) takes an orderly close for the end of a complete
     * body, and would hand its caller a short one.
     */
    public void close() {
        channel.config().setOption(ChannelOption.SO_LINGER, 0);
        var unused = channel.close();
    }

    /** Wakes a worker waiting for the channel to drain. Event loop. */
    void writabilityChanged() {
        synchronized (this) {
            if (waiting) {
                notifyAll();
            }
        }
    }

    private void awaitWritable() {
        synchronized (this) {
            waiting = true;
            try {
                while (!channel.isWritable()) {
                    if (!channel.isActive()) {
                        throw new UncheckedIOException(new IOException("the client closed the connection"));
                    }
                    wait(1000);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                var unused = channel.close();
                throw new UncheckedIOException(new IOException("interrupted while sending a response", e));
            } finally {
                waiting = false;
            }
        }
    }

    private void setConnection(HttpHeaders headers) {
        keepOpen = keepAlive && requestComplete.getAsBoolean();
        if (!keepOpen) {
            headers.set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
        }
    }

    private void finish(ChannelFuture future) {
        boolean open = keepOpen;
        future.addListener(f -> done.accept(f.isSuccess() && open));
    }
}
