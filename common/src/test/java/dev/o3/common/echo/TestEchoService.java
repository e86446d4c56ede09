package dev.o3.common.echo;

import static org.assertj.core.api.Assertions.assertThat;

import dev.o3.proto.echo.EchoRequest;
import dev.o3.proto.echo.EchoResponse;
import io.grpc.Status;
import io.grpc.stub.StreamObserver;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class TestEchoService {
    private final EchoService service = new EchoService();

    @Test
    void answersWithTheRequestedNumberOfBytes() {
        Recorder first = echo(160);
        Recorder second = echo(160);
        Recorder other = echo(3);

        assertThat(first.responses)
                .singleElement()
                .satisfies(r -> assertThat(r.getPayload().size()).isEqualTo(160));
        assertThat(first.completed).isTrue();
        assertThat(second.responses.get(0)).isSameAs(first.responses.get(0));
        assertThat(other.responses.get(0).getPayload().size()).isEqualTo(3);
    }

    @Test
    void refusesOversizedAnswers() {
        Recorder recorder = echo(EchoService.MAX_RESPONSE_SIZE + 1);

        assertThat(recorder.responses).isEmpty();
        assertThat(Status.fromThrowable(recorder.failure).getCode()).isEqualTo(Status.Code.INVALID_ARGUMENT);
    }

    @Test
    void aStreamAnswersEachRequestInOrderAndEndsOnAnOversizedOne() {
        Recorder recorder = new Recorder();
        StreamObserver<EchoRequest> requests = service.echoStream(recorder);
        requests.onNext(EchoRequest.newBuilder().setResponseSize(7).build());
        requests.onNext(EchoRequest.newBuilder().setResponseSize(2).build());
        requests.onNext(EchoRequest.newBuilder()
                .setResponseSize(EchoService.MAX_RESPONSE_SIZE + 1)
                .build());
        requests.onNext(EchoRequest.newBuilder().setResponseSize(1).build());
        requests.onCompleted();

        assertThat(recorder.responses).extracting(r -> r.getPayload().size()).containsExactly(7, 2);
        assertThat(Status.fromThrowable(recorder.failure).getCode()).isEqualTo(Status.Code.INVALID_ARGUMENT);
        assertThat(recorder.completed).isFalse();
    }

    @Test
    void aStreamEndsWhenTheClientEndsIt() {
        Recorder recorder = new Recorder();
        StreamObserver<EchoRequest> requests = service.echoStream(recorder);
        requests.onNext(EchoRequest.newBuilder().setResponseSize(4).build());
        requests.onCompleted();

        assertThat(recorder.responses).hasSize(1);
        assertThat(recorder.completed).isTrue();
        assertThat(recorder.failure).isNull();
    }

    private Recorder echo(int responseSize) {
        Recorder recorder = new Recorder();
        service.echo(EchoRequest.newBuilder().setResponseSize(responseSize).build(), recorder);
        return recorder;
    }

    private static final class Recorder implements StreamObserver<EchoResponse> {
        private final List<EchoResponse> responses = new ArrayList<>();
        private Throwable failure;
        private boolean completed;

        @Override
        public void onNext(EchoResponse value) {
            responses.add(value);
        }

        @Override
        public void onError(Throwable t) {
            failure = t;
        }

        @Override
        public void onCompleted() {
            completed = true;
        }
    }
}
