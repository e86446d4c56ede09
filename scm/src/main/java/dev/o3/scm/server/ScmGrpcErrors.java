package dev.o3.scm.server;

import dev.o3.scm.error.ScmErrorCode;
import dev.o3.scm.error.ScmException;
import dev.o3.scm.wire.UnknownWireValueException;
import io.grpc.Metadata;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.stub.StreamObserver;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The one mapping of SCM failures to gRPC: the category of an {@link ScmErrorCode} picks the status (USER:
 * INVALID_ARGUMENT, RESOURCE: UNAVAILABLE so callers retry, FULL: RESOURCE_EXHAUSTED so they do not, INTERNAL:
 * INTERNAL), the description starts with the code's name and the trailer {@link #ERROR_CODE} carries its stable
 * number. Every service method answers through {@link #answer}. Stateless.
 */
final class ScmGrpcErrors {
    /** Trailer with the {@link ScmErrorCode#code()} of a failed call. */
    static final Metadata.Key<String> ERROR_CODE =
            Metadata.Key.of("o3-scm-error-code", Metadata.ASCII_STRING_MARSHALLER);

    private static final Logger LOG = LoggerFactory.getLogger(ScmGrpcErrors.class);

    private ScmGrpcErrors() {}

    /** Answers with {@code call}'s result, or with the status of its failure. */
    static <T> void answer(String method, StreamObserver<T> response, Supplier<T> call) {
        T result;
        try {
            result = call.get();
        } catch (ScmException e) {
            response.onError(toStatus(e.code(), e.getMessage()));
            return;
        } catch (UnknownWireValueException e) {
            response.onError(toStatus(ScmErrorCode.UNKNOWN_WIRE_VALUE, e.getMessage()));
            return;
        } catch (RuntimeException e) {
            // Top of the call: the caller gets INTERNAL_ERROR, the operator the stack trace.
            LOG.error("[scm] {} failed", method, e);
            response.onError(toStatus(ScmErrorCode.INTERNAL_ERROR, String.valueOf(e.getMessage())));
            return;
        }
        response.onNext(result);
        response.onCompleted();
    }

    static StatusRuntimeException toStatus(ScmErrorCode code, String message) {
        Status status =
                switch (code.category()) {
                    case USER -> Status.INVALID_ARGUMENT;
                    case RESOURCE -> Status.UNAVAILABLE;
                    case FULL -> Status.RESOURCE_EXHAUSTED;
                    case INTERNAL -> Status.INTERNAL;
                };
        Metadata trailers = new Metadata();
        trailers.put(ERROR_CODE, Integer.toString(code.code()));
        return status.withDescription(code + ": " + message).asRuntimeException(trailers);
    }
}
