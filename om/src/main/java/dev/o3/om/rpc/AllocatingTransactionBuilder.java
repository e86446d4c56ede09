package dev.o3.om.rpc;

import dev.o3.om.request.Caller;
import dev.o3.om.request.OmException;
import dev.o3.proto.om.OmTransaction;
import java.util.concurrent.CompletableFuture;

/**
 * A {@link TransactionBuilder} for requests whose log entry carries blocks from SCM: it asks SCM without blocking
 * and completes once the transaction is filled (or fails with the SCM error).
 *
 * @param <Q> the client request type
 */
@FunctionalInterface
interface AllocatingTransactionBuilder<Q> {
    /**
     * Fills {@code transaction} from the request and the blocks SCM hands out.
     *
     * @throws OmException when the request is refused before SCM is asked
     */
    CompletableFuture<Void> fill(Q request, Caller caller, OmTransaction.Builder transaction) throws OmException;
}
