package dev.o3.om.operation;

import dev.o3.om.request.Caller;
import dev.o3.om.request.OmException;
import dev.o3.proto.om.OmTransaction;
import java.util.concurrent.CompletableFuture;

/**
 * What the leader does with a client request before it enters the log: sets the request in the log entry with
 * anything non-deterministic it needs (blocks from SCM, session and upload ids, secrets). Asks SCM without blocking and
 * completes once the entry is filled (or fails with the SCM error).
 *
 * @param <Q> the client request type
 */
@FunctionalInterface
public interface Preparation<Q> {
    /**
     * Fills {@code transaction} from the request.
     *
     * @throws OmException when the request is refused before it is logged
     */
    CompletableFuture<Void> fill(Q request, Caller caller, OmTransaction.Builder transaction) throws OmException;
}
