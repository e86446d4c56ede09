package dev.o3.s3gateway.http;

import io.netty.handler.codec.http.HttpRequest;
import java.util.Objects;

/**
 * One request/response pair on a connection.
 *
 * @param request the request head as decoded by Netty
 * @param body the streamed request body
 * @param responder writes the response
 * @param client the client's address, for the audit log
 */
public record Exchange(HttpRequest request, RequestBody body, NettyResponder responder, String client) {
    public Exchange {
        Objects.requireNonNull(request, "request is null");
        Objects.requireNonNull(body, "body is null");
        Objects.requireNonNull(responder, "responder is null");
        Objects.requireNonNull(client, "client is null");
    }
}
