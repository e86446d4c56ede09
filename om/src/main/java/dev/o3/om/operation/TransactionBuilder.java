package dev.o3.om.operation;

import dev.o3.om.request.Caller;
import dev.o3.om.request.OmException;
import dev.o3.proto.om.OmTransaction;

/**
 * A {@link Preparation} that fills the log entry at once, without asking SCM.
 *
 * @param <Q> the client request type
 */
@FunctionalInterface
interface TransactionBuilder<Q> {
    void fill(Q request, Caller caller, OmTransaction.Builder transaction) throws OmException;
}
