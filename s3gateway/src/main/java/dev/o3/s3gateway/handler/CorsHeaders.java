package dev.o3.s3gateway.handler;

import dev.o3.proto.om.CorsConfiguration;
import dev.o3.s3gateway.backend.BackendException;
import dev.o3.s3gateway.backend.S3Backend;
import dev.o3.s3gateway.bucketconfig.CorsRules;
import dev.o3.s3gateway.http.NettyResponder;
import dev.o3.s3gateway.http.S3Request;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Adds the {@code Access-Control-*} headers to the response of a browser's actual request (one with {@code Origin})
 * when a CORS rule of its bucket allows its origin and method. Costs an OM read only for requests with
 * {@code Origin}; a failed read leaves the headers out rather than failing the request. Thread-safe.
 */
final class CorsHeaders {
    private final S3Backend backend;

    CorsHeaders(S3Backend backend) {
        this.backend = Objects.requireNonNull(backend, "backend is null");
    }

    void addIfAllowed(S3Request request, NettyResponder responder) {
        Optional<String> origin = request.header("origin");
        if (origin.isEmpty() || request.bucket().isEmpty()) {
            return;
        }
        Optional<CorsConfiguration> cors;
        try {
            cors = backend.cors(request.bucket().get());
        } catch (BackendException e) {
            return;
        }
        cors.flatMap(rules -> CorsRules.match(rules, origin.get(), request.method(), List.of()))
                .ifPresent(rule ->
                        responder.addToEveryResponse(CorsRules.responseHeaders(rule, origin.get(), List.of(), false)));
    }
}
