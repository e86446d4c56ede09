package dev.o3.scm.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.o3.scm.error.ScmErrorCode;
import dev.o3.scm.error.ScmException;
import dev.o3.scm.wire.StateTranslator;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.stub.StreamObserver;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class TestScmGrpcErrors {
    @ParameterizedTest
    @EnumSource(ScmErrorCode.class)
    void categoryPicksTheStatusAndTheTrailerCarriesTheNumber(ScmErrorCode code) {
        RecordingObserver<String> response = new RecordingObserver<>();

        ScmGrpcErrors.answer("test", response, () -> {
            throw new ScmException(code, "refused");
        });

        Status.Code expected =
                switch (code.category()) {
                    case USER -> Status.Code.INVALID_ARGUMENT;
                    case RESOURCE -> Status.Code.UNAVAILABLE;
                    case FULL -> Status.Code.RESOURCE_EXHAUSTED;
                    case INTERNAL -> Status.Code.INTERNAL;
                };
        assertThat(response.error.getStatus().getCode()).isEqualTo(expected);
        assertThat(response.error.getStatus().getDescription()).isEqualTo(code + ": refused");
        assertThat(response.error.getTrailers().get(ScmGrpcErrors.ERROR_CODE)).isEqualTo(String.valueOf(code.code()));
        assertThat(response.values).isEmpty();
    }

    @Test
    void unknownWireValueIsTheCallersError() {
        RecordingObserver<Object> response = new RecordingObserver<>();

        ScmGrpcErrors.answer(
                "test",
                response,
                () -> StateTranslator.fromProto(dev.o3.proto.hdds.ContainerState.CONTAINER_STATE_UNSPECIFIED, 0));

        assertThat(response.error.getStatus().getCode()).isEqualTo(Status.Code.INVALID_ARGUMENT);
        assertThat(response.error.getStatus().getDescription())
                .isEqualTo("UNKNOWN_WIRE_VALUE: unknown container state CONTAINER_STATE_UNSPECIFIED (0)");
    }

    @Test
    void unexpectedFailureIsInternal() {
        RecordingObserver<String> response = new RecordingObserver<>();

        ScmGrpcErrors.answer("test", response, () -> {
            throw new IllegalStateException("bug");
        });

        assertThat(response.error.getStatus().getCode()).isEqualTo(Status.Code.INTERNAL);
        assertThat(response.error.getTrailers().get(ScmGrpcErrors.ERROR_CODE)).isEqualTo("1");
    }

    @Test
    void resultIsSentAndCompleted() {
        RecordingObserver<String> response = new RecordingObserver<>();

        ScmGrpcErrors.answer("test", response, () -> "ok");

        assertThat(response.values).containsExactly("ok");
        assertThat(response.completed).isTrue();
        assertThat(response.error).isNull();
    }

    /** Records what a service sends. */
    private static final class RecordingObserver<T> implements StreamObserver<T> {
        private final List<T> values = new ArrayList<>();
        private StatusRuntimeException error;
        private boolean completed;

        @Override
        public void onNext(T value) {
            values.add(value);
        }

        @Override
        public void onError(Throwable failure) {
            error = (StatusRuntimeException) failure;
        }

        @Override
        public void onCompleted() {
            completed = true;
        }
    }
}
