package dev.o3.om.apply;

import com.google.protobuf.Message;
import dev.o3.om.db.EntryWrites;
import dev.o3.om.db.Mutation;
import dev.o3.om.db.OmStore;
import dev.o3.om.operation.ApplySettings;
import dev.o3.om.operation.WriteOperations;
import dev.o3.om.request.OmException;
import dev.o3.om.request.WriteRequest;
import dev.o3.proto.om.OmError;
import dev.o3.proto.om.OmStatus;
import dev.o3.proto.om.OmTransaction;
import dev.o3.proto.om.OmTransactionBatch;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Applies one logged {@link OmTransaction}, or a batch of them: picks each one's {@link WriteRequest}, runs it
 * against a fresh {@link Mutation}, then publishes the writes (success) or drops them (refusal); the log entry's
 * index reaches the double buffer either way. The reply carries the response or the error code. A request with a
 * client's request id goes through the {@link RetryCache} first: a retry of an applied call gets the first reply
 * and is not applied again. Confined to the state machine's applier thread.
 */
public final class TransactionApplier {
    private static final Logger LOG = LoggerFactory.getLogger(TransactionApplier.class);

    private final String logPrefix;
    private final Supplier<OmStore> store;
    private final Map<OmTransaction.RequestCase, WriteRequest> handlers;
    private final RetryCache retryCache = new RetryCache(WriteOperations.responseParsers());
    private final Runnable retryAnswered;

    /**
     * @param store the current store (replaced when a snapshot is installed)
     * @param s3Volume volume where any named user may create buckets
     * @param minPartSize smallest multipart part except the last
     * @param retryAnswered told each time a retried request is answered from the retry cache (metrics)
     */
    public TransactionApplier(
            String logPrefix, Supplier<OmStore> store, String s3Volume, long minPartSize, Runnable retryAnswered) {
        this.logPrefix = logPrefix;
        this.store = store;
        this.handlers = WriteOperations.handlers(new ApplySettings(s3Volume, minPartSize));
        this.retryAnswered = retryAnswered;
    }

    public AppliedTransaction apply(OmTransaction transaction, long term, long index) {
        EntryWrites entry = begin(term, index);
        AppliedTransaction applied = applyOnce(entry, transaction, 0);
        entry.finish();
        return applied;
    }

    /**
     * Applies a group-committed log entry: its requests in order, each seeing the writes of those before it, each
     * succeeding or refused on its own; RocksDB receives them together.
     */
    public AppliedBatch applyBatch(OmTransactionBatch batch, long term, long index) {
        EntryWrites entry = begin(term, index);
        List<AppliedTransaction> results = new ArrayList<>(batch.getTransactionsCount());
        for (OmTransaction transaction : batch.getTransactionsList()) {
            results.add(applyOnce(entry, transaction, results.size()));
        }
        entry.finish();
        return new AppliedBatch(results);
    }

    private EntryWrites begin(long term, long index) {
        OmStore current = store.get();
        retryCache.attach(current);
        return current.begin(term, index);
    }

    /** Applies a request unless it carries a request id applied before; then answers with the recorded reply. */
    private AppliedTransaction applyOnce(EntryWrites entry, OmTransaction transaction, int position) {
        if (!transaction.hasRequestId()) {
            return applyOne(entry, transaction);
        }
        // Each mutation is published before the next one starts, so the entry's object-id counter only moves on.
        Mutation lookup = entry.next();
        if (transaction.hasRetryCacheLimits()) {
            retryCache.evict(lookup, transaction.getTimeMillis(), transaction.getRetryCacheLimits());
        }
        Optional<AppliedTransaction> recorded = retryCache.find(lookup, transaction);
        entry.publish(lookup);
        if (recorded.isPresent()) {
            retryAnswered.run();
            return recorded.get();
        }
        AppliedTransaction applied = applyOne(entry, transaction);
        if (applied.tellsClientToRetry()) {
            // Refused without a change, and the client will send the same id again: it must be applied then.
            return applied;
        }
        Mutation record = entry.next();
        retryCache.record(record, transaction, position, applied);
        entry.publish(record);
        return applied;
    }

    private AppliedTransaction applyOne(EntryWrites entry, OmTransaction transaction) {
        WriteRequest handler = handlers.get(transaction.getRequestCase());
        if (handler == null) {
            return error(OmStatus.INVALID_REQUEST, "not a write request: " + transaction.getRequestCase());
        }
        Mutation mutation = entry.next();
        try {
            Message response = handler.apply(mutation, transaction);
            entry.publish(mutation);
            return AppliedTransaction.succeeded(response);
        } catch (OmException e) {
            entry.drop(mutation);
            return error(e.status(), e.getMessage());
        } catch (RuntimeException e) {
            // A bug, not a refusal; every replica fails the same way, so the log stays consistent.
            LOG.error(
                    "[{}] applying {} at index {} failed",
                    logPrefix,
                    transaction.getRequestCase(),
                    mutation.index(),
                    e);
            entry.drop(mutation);
            return error(OmStatus.INTERNAL_ERROR, "internal error applying " + transaction.getRequestCase());
        }
    }

    private static AppliedTransaction error(OmStatus status, String message) {
        return AppliedTransaction.refused(
                OmError.newBuilder().setStatus(status).setMessage(message).build());
    }
}
