package dev.o3.om.rpc;

import dev.o3.om.request.Caller;
import dev.o3.om.request.OmException;
import dev.o3.proto.om.OmTransaction;

/**
 * Turns a client request into the log entry, on the leader, before Ratis: sets the request and anything
 * non-deterministic it needs (blocks from SCM, session and upload ids, secrets).
 *
 * @param <Q> the client request type
 */
@FunctionalInterface
interface TransactionBuilder<Q> {
    void fill(Q request, Caller caller, OmTransaction.Builder transaction) throws OmException;
}
