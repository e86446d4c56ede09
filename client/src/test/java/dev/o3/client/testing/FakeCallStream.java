package dev.o3.client.testing;

import dev.o3.proto.om.OmCall;
import dev.o3.proto.om.OmError;
import dev.o3.proto.om.OmReply;
import dev.o3.proto.om.OmStatus;
import io.grpc.stub.StreamObserver;
import java.util.function.BiConsumer;

/** The OM end of one {@code Calls} stream of a {@link FakeOzoneManager}: each call answered as its unary form. */
final class FakeCallStream implements StreamObserver<OmCall> {
    private final FakeOzoneManager om;
    private final StreamObserver<OmReply> replies;

    FakeCallStream(FakeOzoneManager om, StreamObserver<OmReply> replies) {
        this.om = om;
        this.replies = replies;
    }

    @Override
    public void onNext(OmCall call) {
        om.recordStreamed(call);
        if (om.holdsStreamedReplies()) {
            return;
        }
        long id = call.getCallId();
        switch (call.getRequestCase()) {
            case LOOKUP_KEY -> om.lookupOrRedirect(call.getLookupKey(), new Reply<>(id, OmReply.Builder::setLookupKey));
            case CREATE_KEY -> om.createKey(call.getCreateKey(), new Reply<>(id, OmReply.Builder::setCreateKey));
            case COMMIT_KEY -> om.commitKey(call.getCommitKey(), new Reply<>(id, OmReply.Builder::setCommitKey));
            default -> replies.onNext(OmReply.newBuilder()
                    .setCallId(id)
                    .setError(OmError.newBuilder().setStatus(OmStatus.INVALID_REQUEST))
                    .build());
        }
    }

    @Override
    public void onError(Throwable failure) {
        // The client went away.
    }

    @Override
    public void onCompleted() {
        replies.onCompleted();
    }

    /** Sends a unary-shaped answer as the reply to call {@code id}. */
    private final class Reply<R> implements StreamObserver<R> {
        private final long id;
        private final BiConsumer<OmReply.Builder, R> setResponse;

        Reply(long id, BiConsumer<OmReply.Builder, R> setResponse) {
            this.id = id;
            this.setResponse = setResponse;
        }

        @Override
        public void onNext(R response) {
            OmReply.Builder reply = OmReply.newBuilder().setCallId(id);
            setResponse.accept(reply, response);
            replies.onNext(reply.build());
        }

        @Override
        public void onError(Throwable failure) {
            replies.onError(failure);
        }

        @Override
        public void onCompleted() {
            // The reply went out with the response.
        }
    }
}
