package dev.o3.om.apply;

import com.google.protobuf.Message;
import dev.o3.proto.om.OmError;
import dev.o3.proto.om.OmStatus;
import dev.o3.proto.om.OmTransactionReply;
import java.util.Objects;
import java.util.Optional;

/**
 * The outcome of applying one transaction: the client response, or the refusal. The leader hands the object itself
 * to the waiting RPC (no serialize-parse round trip); {@link #toReply()} is its wire form.
 *
 * @param response the client response (without error) when the request succeeded
 * @param error the refusal otherwise
 */
public record AppliedTransaction(Optional<Message> response, Optional<OmError> error) {
    public AppliedTransaction {
        Objects.requireNonNull(response, "response is null");
        Objects.requireNonNull(error, "error is null");
        if (response.isPresent() == error.isPresent()) {
            throw new IllegalArgumentException("exactly one of response and error: " + response + ", " + error);
        }
    }

    public static AppliedTransaction succeeded(Message response) {
        return new AppliedTransaction(Optional.of(response), Optional.empty());
    }

    public static AppliedTransaction refused(OmError error) {
        return new AppliedTransaction(Optional.empty(), Optional.of(error));
    }

    /**
     * Whether this is a refusal the client retries with the same request id (the OM was not ready to apply it, e.g. no
     * delegation key yet), which is therefore not a final reply to remember.
     */
    public boolean tellsClientToRetry() {
        return error.map(e -> e.getStatus() == OmStatus.LEADER_NOT_READY || e.getStatus() == OmStatus.NOT_LEADER)
                .orElse(false);
    }

    /** The serialized form, for a reply that has to leave the process. */
    public OmTransactionReply toReply() {
        OmTransactionReply.Builder reply = OmTransactionReply.newBuilder();
        response.ifPresent(message -> reply.setResponse(message.toByteString()));
        error.ifPresent(reply::setError);
        return reply.build();
    }
}
