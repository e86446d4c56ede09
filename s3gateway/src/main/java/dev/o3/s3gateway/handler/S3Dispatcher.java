package dev.o3.s3gateway.handler;

import dev.o3.s3gateway.auth.AuthResult;
import dev.o3.s3gateway.auth.SigV2Authenticator;
import dev.o3.s3gateway.auth.SigV4Authenticator;
import dev.o3.s3gateway.backend.BackendException;
import dev.o3.s3gateway.backend.Requester;
import dev.o3.s3gateway.backend.S3Backend;
import dev.o3.s3gateway.body.BodyDecoding;
import dev.o3.s3gateway.body.VerifyingBody;
import dev.o3.s3gateway.error.S3ErrorCode;
import dev.o3.s3gateway.error.S3Errors;
import dev.o3.s3gateway.error.S3Exception;
import dev.o3.s3gateway.http.Exchange;
import dev.o3.s3gateway.http.ExchangeHandler;
import dev.o3.s3gateway.http.NettyResponder;
import dev.o3.s3gateway.http.RequestParser;
import dev.o3.s3gateway.http.S3Request;
import dev.o3.s3gateway.metrics.S3Metrics;
import io.netty.handler.codec.http.HttpMethod;
import java.io.UncheckedIOException;
import java.time.Clock;
import java.util.HexFormat;
import java.util.Objects;
import java.util.concurrent.ThreadLocalRandom;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs one exchange on a worker thread: parse, route, authenticate (SigV4, SigV2, or anonymous when unsigned;
 * unsupported operations are answered NotImplemented only after authentication), wrap the body for decoding and
 * verification, run the operation's handler, and answer any failure with an S3 error document. Records metrics for
 * every request.
 * Thread-safe.
 */
public final class S3Dispatcher implements ExchangeHandler {
    private static final Logger LOG = LoggerFactory.getLogger(S3Dispatcher.class);

    private final RequestParser parser;
    private final OperationRouter router = new OperationRouter();
    private final SigV4Authenticator authenticator;
    private final SigV2Authenticator v2Authenticator;
    private final S3Metrics metrics;
    private final OperationHandlers handlers;
    private final CorsHeaders corsHeaders;
    private final Clock clock;

    public S3Dispatcher(
            S3Backend backend,
            RequestParser parser,
            SigV4Authenticator authenticator,
            SigV2Authenticator v2Authenticator,
            S3Metrics metrics,
            Clock clock,
            DispatcherSettings settings) {
        this.parser = Objects.requireNonNull(parser, "parser is null");
        this.authenticator = Objects.requireNonNull(authenticator, "authenticator is null");
        this.v2Authenticator = Objects.requireNonNull(v2Authenticator, "v2Authenticator is null");
        this.metrics = Objects.requireNonNull(metrics, "metrics is null");
        this.clock = Objects.requireNonNull(clock, "clock is null");
        this.handlers = new OperationHandlers(backend, clock, settings);
        this.corsHeaders = new CorsHeaders(backend);
    }

    /**
     * Settings of the dispatcher.
     *
     * @param region region name reported by GetBucketLocation and HeadBucket
     * @param maxKeys largest ListObjects page
     */
    public record DispatcherSettings(String region, int maxKeys) {
        public DispatcherSettings {
            Objects.requireNonNull(region, "region is null");
        }
    }

    @Override
    public void handle(Exchange exchange) {
        long start = System.nanoTime();
        String requestId = HexFormat.of()
                .withUpperCase()
                .toHexDigits(ThreadLocalRandom.current().nextLong());
        NettyResponder responder = exchange.responder();
        boolean head = exchange.request().method().equals(HttpMethod.HEAD);
        S3Operation operation = S3Operation.UNSUPPORTED;
        String resource = exchange.request().uri();
        String errorCode = null;
        String user = "-";
        long received = 0;
        try {
            S3Request request = parser.parse(exchange.request());
            resource = request.resource();
            operation = router.route(request);
            AuthResult auth = SigV2Authenticator.isV2(request.signable())
                    ? v2Authenticator.authenticate(request.signable(), request.v2ResourcePath())
                    : authenticator.authenticate(request.signable());
            user = auth.requester().displayName();
            if (operation == S3Operation.UNSUPPORTED) {
                throw new S3Exception(S3ErrorCode.NOT_IMPLEMENTED);
            }
            LOG.debug(
                    "{} {} by {} (payload {})",
                    operation.apiName(),
                    resource,
                    auth.requester().displayName(),
                    auth.payloadHash());
            VerifyingBody body = BodyDecoding.decode(exchange.body(), request.signable(), auth);
            Requester requester =
                    responder.clientAddress().map(auth.requester()::at).orElse(auth.requester());
            if (operation != S3Operation.PREFLIGHT) {
                corsHeaders.addIfAllowed(request, responder);
            }
            try {
                handlers.of(operation)
                        .handle(operation, new S3Call(request, requester, body, responder, requestId, clock));
            } finally {
                received = body.length();
                body.discard();
            }
        } catch (S3Exception e) {
            errorCode = ErrorResponses.send(responder, head, e, resource, requestId, clock);
        } catch (BackendException e) {
            errorCode = ErrorResponses.send(responder, head, S3Errors.translate(e), resource, requestId, clock);
        } catch (UncheckedIOException e) {
            if (responder.started()) {
                LOG.warn("{} {} aborted after the response started: {}", operation.apiName(), resource, e.getCause());
                errorCode = "ConnectionFailed";
                responder.close();
            } else {
                // E.g. no replica of the object's first chunk could be read: still time for an error the client
                // retries, rather than a dropped connection.
                S3Exception internal = new S3Exception(
                        S3ErrorCode.INTERNAL_ERROR, S3ErrorCode.INTERNAL_ERROR.defaultMessage(), e.getCause());
                errorCode = ErrorResponses.send(responder, head, internal, resource, requestId, clock);
            }
        } catch (RuntimeException e) {
            LOG.error("{} {} failed", operation.apiName(), resource, e);
            S3Exception internal = new S3Exception(S3ErrorCode.INTERNAL_ERROR);
            errorCode = ErrorResponses.send(responder, head, internal, resource, requestId, clock);
        } finally {
            metrics.record(operation.apiName(), errorCode, System.nanoTime() - start, received, responder.bytesSent());
            S3Audit.log(user, operation.apiName(), resource, errorCode, exchange.client());
        }
    }
}
