package dev.o3.om.request;

import com.google.protobuf.Message;
import dev.o3.om.db.Mutation;
import dev.o3.proto.om.OmTransaction;

/**
 * One kind of namespace mutation, applied by the state machine in log order on every OM: validate against the
 * current state, then record the writes in the {@link Mutation}. Must be deterministic: time, session ids and
 * blocks come from the {@link OmTransaction} the leader built, object ids from {@link Mutation#nextObjectId()}.
 * Implementations are stateless and run on the applier thread only.
 */
@FunctionalInterface
public interface WriteRequest {
    /**
     * Applies the request.
     *
     * @return the client response (without error)
     * @throws OmException when the request is refused; the mutation is then discarded
     */
    Message apply(Mutation mutation, OmTransaction transaction) throws OmException;
}
