package dev.o3.om.apply;

import dev.o3.proto.om.OmTransactionBatchReply;
import java.util.List;

/**
 * The outcomes of a group-committed log entry, one per request and in the batch's order.
 *
 * @param results what each request of the batch came to
 */
public record AppliedBatch(List<AppliedTransaction> results) {
    public AppliedBatch {
        results = List.copyOf(results);
    }

    /** The serialized form, for a reply that has to leave the process. */
    public OmTransactionBatchReply toReply() {
        OmTransactionBatchReply.Builder reply = OmTransactionBatchReply.newBuilder();
        results.forEach(result -> reply.addReplies(result.toReply()));
        return reply.build();
    }
}
