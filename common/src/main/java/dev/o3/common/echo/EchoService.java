package dev.o3.common.echo;

import com.google.protobuf.ByteString;
import dev.o3.proto.echo.EchoRequest;
import dev.o3.proto.echo.EchoResponse;
import dev.o3.proto.echo.EchoServiceGrpc;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.stub.StreamObserver;

/**
 * Answers {@code Echo} with {@code response_size} zero bytes and nothing else: no leadership check, no metrics, no
 * interceptor. Served on the transport thread by a {@code directExecutor} server, it is the cheapest call that server
 * can answer. Stateless apart from a cached response; thread-safe.
 */
public final class EchoService extends EchoServiceGrpc.EchoServiceImplBase {
    /** Larger answers are refused: the baseline is for metadata-sized calls, not bulk transfer. */
    public static final int MAX_RESPONSE_SIZE = 1 << 20;

    /** The last answer; load generators ask for one size all along, so it is built once. */
    private volatile EchoResponse cached = EchoResponse.getDefaultInstance();

    @Override
    public void echo(EchoRequest request, StreamObserver<EchoResponse> observer) {
        int size = request.getResponseSize();
        if (size < 0 || size > MAX_RESPONSE_SIZE) {
            observer.onError(tooLarge(size));
            return;
        }
        observer.onNext(responseOf(size));
        observer.onCompleted();
    }

    /** Answers each request on the stream in order; an invalid one ends the stream with INVALID_ARGUMENT. */
    @Override
    public StreamObserver<EchoRequest> echoStream(StreamObserver<EchoResponse> responses) {
        return new StreamObserver<>() {
            private boolean failed;

            @Override
            public void onNext(EchoRequest request) {
                int size = request.getResponseSize();
                if (failed) {
                    return;
                }
                if (size < 0 || size > MAX_RESPONSE_SIZE) {
                    failed = true;
                    responses.onError(tooLarge(size));
                    return;
                }
                responses.onNext(responseOf(size));
            }

            @Override
            public void onError(Throwable failure) {
                // The client went away; there is nothing to clean up.
            }

            @Override
            public void onCompleted() {
                if (!failed) {
                    responses.onCompleted();
                }
            }
        };
    }

    private static StatusRuntimeException tooLarge(int size) {
        return Status.INVALID_ARGUMENT
                .withDescription("response_size must be in 0.." + MAX_RESPONSE_SIZE + ", not " + size)
                .asRuntimeException();
    }

    private EchoResponse responseOf(int size) {
        EchoResponse response = cached;
        if (response.getPayload().size() != size) {
            response = EchoResponse.newBuilder()
                    .setPayload(ByteString.copyFrom(new byte[size]))
                    .build();
            cached = response;
        }
        return response;
    }
}
