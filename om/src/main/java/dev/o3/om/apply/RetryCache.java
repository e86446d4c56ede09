package dev.o3.om.apply;

import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.Message;
import com.google.protobuf.Parser;
import dev.o3.om.db.Mutation;
import dev.o3.om.db.OmSchema;
import dev.o3.om.db.OmStore;
import dev.o3.proto.om.OmError;
import dev.o3.proto.om.OmStatus;
import dev.o3.proto.om.OmTransaction;
import dev.o3.proto.om.RequestId;
import dev.o3.proto.om.RetryCacheLimits;
import dev.o3.proto.om.RetryCacheRecord;
import dev.o3.server.db.KeyValue;
import java.util.ArrayDeque;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/**
 * Exactly-once application of client writes that carry a {@link RequestId} (client UUID, call id): the first
 * application of an id applies the request and records its reply; a later application of the same id (the client's
 * retry after a lost reply, whether it reached a new leader after a failover or the same leader while the first was
 * still in flight) returns the recorded reply and changes nothing else. Requests with ids share log entries with any
 * others (group commit), since the decision is taken where they are applied, not where they are logged.
 *
 * <p>The replies are replicated state: every OM applies the same log, so every OM records, finds and evicts the same
 * replies, and the new leader after a failover already holds them. They live in {@link OmSchema#RETRY_CACHE} (fully
 * cached in memory), written with the log entry's other writes, so a restart, which replays the log only after the
 * index RocksDB recorded, and a follower that installs the leader's checkpoint, resume with exactly the replies the
 * other OMs hold; an OM that lost them would apply a retry the others skip, and the namespaces would part.
 *
 * <p>Eviction is a function of the log too: with the limits and the time the leader stamped into each request
 * ({@link RetryCacheLimits}, {@code time_millis}), replies older than the expiry and the oldest beyond the maximum
 * count go, oldest first in log order. A retry that arrives after its reply was evicted is applied again.
 *
 * <p>Confined to the applier thread.
 */
final class RetryCache {
    private static final Comparator<Recorded> LOG_ORDER =
            Comparator.comparingLong(Recorded::index).thenComparingInt(Recorded::position);

    private final Map<OmTransaction.RequestCase, Parser<? extends Message>> responseParsers;
    /** The recorded replies in log order: the eviction order. */
    private final ArrayDeque<Recorded> order = new ArrayDeque<>();
    /** The store {@link #order} describes; another store (a checkpoint was installed) means reloading it. */
    private OmStore loadedFrom;

    /** @param responseParsers the response type of each kind of write, to answer from a stored reply */
    RetryCache(Map<OmTransaction.RequestCase, Parser<? extends Message>> responseParsers) {
        this.responseParsers = Map.copyOf(responseParsers);
    }

    /** Makes the eviction order describe {@code store}'s replies; reloads it when the store was replaced. */
    void attach(OmStore store) {
        if (store == loadedFrom) {
            return;
        }
        order.clear();
        List<KeyValue<String, RetryCacheRecord>> rows = store.scan(OmSchema.RETRY_CACHE, "", "", Integer.MAX_VALUE);
        rows.stream()
                .map(row -> new Recorded(
                        row.key(),
                        row.value().getTimeMillis(),
                        row.value().getIndex(),
                        row.value().getPosition()))
                .sorted(LOG_ORDER)
                .forEach(order::add);
        loadedFrom = store;
    }

    /** Number of replies kept. */
    int size() {
        return order.size();
    }

    /**
     * Removes the replies that {@code limits} no longer keep at {@code nowMillis}: older than the expiry, then the
     * oldest until there is room for one more.
     */
    void evict(Mutation mutation, long nowMillis, RetryCacheLimits limits) {
        long expiredBefore = nowMillis - limits.getExpiryMillis();
        while (!order.isEmpty() && order.peekFirst().timeMillis() < expiredBefore) {
            mutation.delete(OmSchema.RETRY_CACHE, order.removeFirst().key());
        }
        while (!order.isEmpty() && order.size() >= limits.getMaxEntries()) {
            mutation.delete(OmSchema.RETRY_CACHE, order.removeFirst().key());
        }
    }

    /** The reply recorded for {@code transaction}'s request id, if it was applied before. */
    Optional<AppliedTransaction> find(Mutation mutation, OmTransaction transaction) {
        return mutation.get(OmSchema.RETRY_CACHE, key(transaction.getRequestId()))
                .map(recorded -> replyTo(transaction, recorded));
    }

    /** Records the reply of the first application of {@code transaction}'s request id. */
    void record(Mutation mutation, OmTransaction transaction, int position, AppliedTransaction reply) {
        String key = key(transaction.getRequestId());
        long index = mutation.index();
        mutation.put(
                OmSchema.RETRY_CACHE,
                key,
                RetryCacheRecord.newBuilder()
                        .setTimeMillis(transaction.getTimeMillis())
                        .setIndex(index)
                        .setPosition(position)
                        .setRequestCase(transaction.getRequestCase().getNumber())
                        .setReply(reply.toReply())
                        .build());
        order.addLast(new Recorded(key, transaction.getTimeMillis(), index, position));
    }

    private AppliedTransaction replyTo(OmTransaction transaction, RetryCacheRecord recorded) {
        if (recorded.getRequestCase() != transaction.getRequestCase().getNumber()) {
            return refused(
                    OmStatus.INVALID_REQUEST,
                    "call id " + key(transaction.getRequestId()) + " was used before for another request");
        }
        if (recorded.getReply().hasError()) {
            return AppliedTransaction.refused(recorded.getReply().getError());
        }
        Parser<? extends Message> parser = responseParsers.get(transaction.getRequestCase());
        if (parser == null) {
            return refused(OmStatus.INTERNAL_ERROR, "no response type for " + transaction.getRequestCase());
        }
        try {
            return AppliedTransaction.succeeded(
                    parser.parseFrom(recorded.getReply().getResponse()));
        } catch (InvalidProtocolBufferException e) {
            return refused(OmStatus.INTERNAL_ERROR, "corrupt reply in the retry cache: " + e.getMessage());
        }
    }

    private static AppliedTransaction refused(OmStatus status, String message) {
        return AppliedTransaction.refused(
                OmError.newBuilder().setStatus(status).setMessage(message).build());
    }

    /** The row key: the client's UUID and the call id, e.g. {@code 0f1e...-...#42}. */
    static String key(RequestId id) {
        return new UUID(id.getClientMostBits(), id.getClientLeastBits()) + "#" + id.getCallId();
    }

    /** A kept reply's place in the eviction order. */
    private record Recorded(String key, long timeMillis, long index, int position) {}
}
