package dev.o3.s3gateway.handler;

import dev.o3.s3gateway.backend.Requester;
import dev.o3.s3gateway.body.VerifyingBody;
import dev.o3.s3gateway.error.S3ErrorCode;
import dev.o3.s3gateway.error.S3Exception;
import dev.o3.s3gateway.http.NettyResponder;
import dev.o3.s3gateway.http.S3Request;
import dev.o3.s3gateway.xml.S3Xml;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http.DefaultHttpHeaders;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpResponseStatus;
import java.io.ByteArrayOutputStream;
import java.time.Clock;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Objects;

/**
 * One authenticated (or anonymous) S3 request as a handler sees it: the request, who it acts as, the verified body and
 * the responder. Used by one worker thread.
 */
public final class S3Call {
    private final S3Request request;
    private final Requester requester;
    private final VerifyingBody body;
    private final NettyResponder responder;
    private final String requestId;
    private final Clock clock;

    S3Call(
            S3Request request,
            Requester requester,
            VerifyingBody body,
            NettyResponder responder,
            String requestId,
            Clock clock) {
        this.request = Objects.requireNonNull(request, "request is null");
        this.requester = Objects.requireNonNull(requester, "requester is null");
        this.body = Objects.requireNonNull(body, "body is null");
        this.responder = Objects.requireNonNull(responder, "responder is null");
        this.requestId = Objects.requireNonNull(requestId, "requestId is null");
        this.clock = Objects.requireNonNull(clock, "clock is null");
    }

    public S3Request request() {
        return request;
    }

    public Requester requester() {
        return requester;
    }

    public VerifyingBody body() {
        return body;
    }

    public NettyResponder responder() {
        return responder;
    }

    /** The addressed bucket. */
    public String bucket() {
        return request.bucket().orElseThrow(() -> new S3Exception(S3ErrorCode.INVALID_REQUEST, "No bucket"));
    }

    /** The addressed object key. */
    public String key() {
        return request.key().orElseThrow(() -> new S3Exception(S3ErrorCode.INVALID_REQUEST, "No key"));
    }

    /** Fresh response headers carrying the request id and the date. */
    public HttpHeaders headers() {
        return responseHeaders(requestId, clock);
    }

    /** The headers of every response: request id, server and Date (clients correct clock skew from it). */
    static HttpHeaders responseHeaders(String requestId, Clock clock) {
        String date =
                DateTimeFormatter.RFC_1123_DATE_TIME.format(clock.instant().atOffset(ZoneOffset.UTC));
        return new DefaultHttpHeaders()
                .set("x-amz-request-id", requestId)
                .set(HttpHeaderNames.SERVER, "O3")
                .set(HttpHeaderNames.DATE, date);
    }

    /** Sends an XML document with status 200. */
    public void sendXml(Object document) {
        sendXml(headers(), document);
    }

    /** Sends an XML document with status 200 and the given headers (from {@link #headers()}). */
    public void sendXml(HttpHeaders headers, Object document) {
        headers.set(HttpHeaderNames.CONTENT_TYPE, "application/xml");
        responder.send(HttpResponseStatus.OK, headers, Unpooled.wrappedBuffer(S3Xml.write(document)));
    }

    /** Sends an empty response. */
    public void sendEmpty(HttpResponseStatus status, HttpHeaders headers) {
        responder.send(status, headers);
    }

    /**
     * Reads the whole (small) body, e.g. an XML document, verifying it.
     *
     * @throws S3Exception when it exceeds {@code limit} bytes
     */
    public byte[] readSmallBody(int limit) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (ByteBuf data = body.next(); data != null; data = body.next()) {
            try {
                if (out.size() + data.readableBytes() > limit) {
                    throw new S3Exception(S3ErrorCode.MALFORMED_XML, "The request body exceeds " + limit + " bytes");
                }
                byte[] bytes = new byte[data.readableBytes()];
                data.readBytes(bytes);
                out.write(bytes, 0, bytes.length);
            } finally {
                data.release();
            }
        }
        return out.toByteArray();
    }
}
