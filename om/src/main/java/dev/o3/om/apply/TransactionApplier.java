package dev.o3.om.apply;

import com.google.protobuf.Message;
import dev.o3.om.db.Mutation;
import dev.o3.om.db.OmStore;
import dev.o3.om.request.OmException;
import dev.o3.om.request.WriteRequest;
import dev.o3.proto.om.OmError;
import dev.o3.proto.om.OmStatus;
import dev.o3.proto.om.OmTransaction;
import java.util.Map;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Applies one logged {@link OmTransaction}: picks its {@link WriteRequest}, runs it against a fresh
 * {@link Mutation}, then publishes the writes (success) or just records the index (refusal). The reply carries the
 * response or the error code. Confined to the state machine's applier thread.
 */
public final class TransactionApplier {
    private static final Logger LOG = LoggerFactory.getLogger(TransactionApplier.class);

    private final String logPrefix;
    private final Supplier<OmStore> store;
    private final Map<OmTransaction.RequestCase, WriteRequest> handlers;

    /**
     * @param store the current store (replaced when a snapshot is installed)
     * @param s3Volume volume where any named user may create buckets
     * @param minPartSize smallest multipart part except the last
     */
    public TransactionApplier(String logPrefix, Supplier<OmStore> store, String s3Volume, long minPartSize) {
        this.logPrefix = logPrefix;
        this.store = store;
        this.handlers = Handlers.all(s3Volume, minPartSize);
    }

    public AppliedTransaction apply(OmTransaction transaction, long term, long index) {
        OmStore current = store.get();
        WriteRequest handler = handlers.get(transaction.getRequestCase());
        if (handler == null) {
            current.skip(term, index);
            return error(OmStatus.INVALID_REQUEST, "not a write request: " + transaction.getRequestCase());
        }
        Mutation mutation = current.begin(term, index);
        try {
            Message response = handler.apply(mutation, transaction);
            current.publish(mutation);
            return AppliedTransaction.succeeded(response);
        } catch (OmException e) {
            current.skip(term, index);
            return error(e.status(), e.getMessage());
        } catch (RuntimeException e) {
            // A bug, not a refusal; every replica fails the same way, so the log stays consistent.
            LOG.error("[{}] applying {} at index {} failed", logPrefix, transaction.getRequestCase(), index, e);
            current.skip(term, index);
            return error(OmStatus.INTERNAL_ERROR, "internal error applying " + transaction.getRequestCase());
        }
    }

    private static AppliedTransaction error(OmStatus status, String message) {
        return AppliedTransaction.refused(
                OmError.newBuilder().setStatus(status).setMessage(message).build());
    }
}
