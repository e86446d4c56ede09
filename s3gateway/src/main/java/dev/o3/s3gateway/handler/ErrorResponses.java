package dev.o3.s3gateway.handler;

import dev.o3.s3gateway.error.S3Exception;
import dev.o3.s3gateway.http.NettyResponder;
import dev.o3.s3gateway.xml.ErrorDocument;
import dev.o3.s3gateway.xml.S3Xml;
import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpResponseStatus;
import java.time.Clock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Answers a failed request with the S3 error document (no body for HEAD), or closes a started response. */
final class ErrorResponses {
    private static final Logger LOG = LoggerFactory.getLogger(ErrorResponses.class);

    private ErrorResponses() {}

    /** Sends the error; returns its S3 code for metrics. */
    static String send(
            NettyResponder responder, boolean head, S3Exception error, String resource, String requestId, Clock clock) {
        if (error.code().httpStatus() >= 500) {
            LOG.warn("{} answered {}: {}", resource, error.code().code(), error.getMessage(), error.getCause());
        } else {
            LOG.debug("{} answered {}: {}", resource, error.code().code(), error.getMessage());
        }
        if (responder.started()) {
            responder.close();
            return error.code().code();
        }
        HttpHeaders headers = S3Call.responseHeaders(requestId, clock);
        error.headers().forEach(headers::set);
        HttpResponseStatus status = HttpResponseStatus.valueOf(error.code().httpStatus());
        if (head) {
            responder.send(status, headers);
        } else {
            headers.set(HttpHeaderNames.CONTENT_TYPE, "application/xml");
            byte[] body = S3Xml.write(new ErrorDocument(error.code().code(), error.getMessage(), resource, requestId));
            responder.send(status, headers, Unpooled.wrappedBuffer(body));
        }
        return error.code().code();
    }
}
