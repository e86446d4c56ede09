package dev.o3.om.rpc;

import dev.o3.om.db.ReadView;
import dev.o3.om.request.Caller;
import dev.o3.om.request.OmException;

/**
 * Serves a read from the namespace once the read barrier passed.
 *
 * @param <Q> request type
 * @param <R> response type
 */
@FunctionalInterface
interface ReadHandler<Q, R> {
    R read(Q request, ReadView view, Caller caller) throws OmException;
}
