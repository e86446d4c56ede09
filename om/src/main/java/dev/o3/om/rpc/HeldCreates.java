package dev.o3.om.rpc;

import com.google.protobuf.Message;
import dev.o3.om.apply.AppliedTransaction;
import dev.o3.om.db.Mutation;
import dev.o3.om.db.OmStore;
import dev.o3.om.key.CreateKeyHandler;
import dev.o3.om.request.OmException;
import dev.o3.proto.om.AllocateBlockRequest;
import dev.o3.proto.om.CreateKeyResponse;
import dev.o3.proto.om.OmError;
import dev.o3.proto.om.OmTransaction;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BooleanSupplier;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Single-block CreateKeys answered before they are logged, then logged in one entry with the CommitKey that follows
 * them, so a small key costs one log entry instead of two (docs/internals.md, "OM request path").
 *
 * <p>The leader checks a create exactly as applying it would, against its current state, and answers at once with
 * the blocks it prepared; nothing is logged yet. The session's next write (CommitKey or HsyncKey) is logged together
 * with the held create, the create first, so every OM applies the same two requests in order; if the create is refused
 * when applied (the state moved since the check), that refusal answers the commit. A session that writes nothing
 * within the hold time, or asks for another block (AllocateBlock reads its open key before it is logged), has its
 * create logged alone, as without holding. Durability does not change: a key is acknowledged only once its commit
 * is applied. What holding gives up: an OM that restarts forgets its held creates, so their commits fail (the client
 * writes the key again) and their blocks are never recorded for clean-up (a few small blocks per PUT in flight, as for
 * blocks allocated to a create whose reply was lost). So only the single OM of its group holds creates: with three, a
 * failover would fail the commits of every small key in flight.
 *
 * <p>A held create carries no request id: a retried CreateKey is a new session (it gets new blocks anyway), so the
 * retry cache never answers one session's create with another's reply. Thread-safe.
 */
final class HeldCreates {
    /** Most creates held at once; beyond it creates are logged at once. */
    static final int MAX_HELD = 10_000;

    private static final CompletableFuture<Void> SETTLED = CompletableFuture.completedFuture(null);

    private final Function<List<OmTransaction>, CompletableFuture<List<AppliedTransaction>>> log;
    private final Supplier<OmStore> store;
    private final BooleanSupplier alone;
    private final long holdNanos;
    /** Runs a sweep {@code hold} after it is handed a task; null when creates are never held. */
    private final Executor expiry;
    /** Whether a sweep is due: one timer task per hold period, not one per create (those cost 2% of a PUT load). */
    private final AtomicBoolean sweepDue = new AtomicBoolean();

    private final CreateKeyHandler checks = new CreateKeyHandler();
    /** Held creates by session (the open key's client id). */
    private final ConcurrentHashMap<Long, Held> held = new ConcurrentHashMap<>();
    /** Creates being logged alone, by session: a write of the session waits for its create's entry. */
    private final ConcurrentHashMap<Long, CompletableFuture<Void>> loggingAlone = new ConcurrentHashMap<>();

    /**
     * @param log logs transactions in one entry, in order; completes with their results once applied
     * @param hold how long a create waits for its session's next write; zero: creates are logged at once
     * @param alone whether this OM is its group's only member (only then are creates held)
     */
    HeldCreates(
            Function<List<OmTransaction>, CompletableFuture<List<AppliedTransaction>>> log,
            Supplier<OmStore> store,
            Duration hold,
            BooleanSupplier alone) {
        this.log = log;
        this.store = store;
        this.alone = alone;
        this.holdNanos = hold.toNanos();
        this.expiry = hold.isZero() ? null : CompletableFuture.delayedExecutor(hold.toMillis(), TimeUnit.MILLISECONDS);
    }

    /**
     * Logs {@code transaction}, or holds it (a single-block CreateKey): completes with its result once applied, or at
     * once for a held create (its checks' result).
     */
    CompletableFuture<AppliedTransaction> log(OmTransaction transaction) {
        return switch (transaction.getRequestCase()) {
            case CREATE_KEY -> holds(transaction) ? hold(transaction) : logAlone(transaction);
            case COMMIT_KEY -> afterCreate(transaction.getCommitKey().getClientId(), transaction);
            case HSYNC_KEY -> afterCreate(transaction.getHsyncKey().getClientId(), transaction);
            default -> logAlone(transaction);
        };
    }

    /**
     * Completes once the request may be prepared: at once, except for an AllocateBlock of a held session, whose
     * preparation reads the open key, so its create is logged first.
     */
    CompletableFuture<Void> beforePreparation(Object request) {
        if (request instanceof AllocateBlockRequest allocate) {
            long session = allocate.getClientId();
            if (held.containsKey(session) || loggingAlone.containsKey(session)) {
                return logHeld(session);
            }
        }
        return SETTLED;
    }

    int size() {
        return held.size();
    }

    private boolean holds(OmTransaction create) {
        return expiry != null
                && !create.getCreateKey().getEmpty()
                && create.getAllocatedBlocksCount() == 1
                && held.size() < MAX_HELD
                && alone.getAsBoolean();
    }

    private CompletableFuture<AppliedTransaction> hold(OmTransaction transaction) {
        OmTransaction create =
                transaction.toBuilder().clearRequestId().clearRetryCacheLimits().build();
        Message checked;
        try {
            checked = checks.apply(Mutation.scratch(store.get()), create);
        } catch (OmException e) {
            return CompletableFuture.completedFuture(AppliedTransaction.refused(OmError.newBuilder()
                    .setStatus(e.status())
                    .setMessage(String.valueOf(e.getMessage()))
                    .build()));
        }
        CreateKeyResponse response = (CreateKeyResponse) checked;
        long session = create.getClientId();
        held.put(session, new Held(create, System.nanoTime() + holdNanos));
        scheduleSweep();
        // The object id is assigned when the create is applied; the one of the check means nothing.
        return CompletableFuture.completedFuture(AppliedTransaction.succeeded(response.toBuilder()
                .setKey(response.getKey().toBuilder().clearObjectId())
                .build()));
    }

    /** Logs the session's write, with its held create if there is one, or after its create is logged alone. */
    private CompletableFuture<AppliedTransaction> afterCreate(long session, OmTransaction transaction) {
        Held create = held.remove(session);
        if (create != null) {
            return log.apply(List.of(create.transaction(), transaction)).thenApply(HeldCreates::afterItsCreate);
        }
        CompletableFuture<Void> logging = loggingAlone.get(session);
        return logging == null ? logAlone(transaction) : logging.thenCompose(ignored -> logAlone(transaction));
    }

    /** The outcome of a write logged after its session's create: a create refused when applied leaves nothing. */
    private static AppliedTransaction afterItsCreate(List<AppliedTransaction> results) {
        return results.get(0).error().isPresent() ? results.get(0) : results.get(1);
    }

    /** Logs the session's held create alone, if it is still held; completes once it is applied (or failed). */
    private CompletableFuture<Void> logHeld(long session) {
        CompletableFuture<Void> logged = new CompletableFuture<>();
        CompletableFuture<Void> already = loggingAlone.putIfAbsent(session, logged);
        if (already != null) {
            return already;
        }
        // Published before the create leaves the map, so a write of the session that misses one finds the other.
        Held create = held.remove(session);
        if (create == null) {
            loggingAlone.remove(session, logged);
            logged.complete(null);
            return logged;
        }
        var unused = logAlone(create.transaction()).whenComplete((applied, failure) -> {
            loggingAlone.remove(session, logged);
            logged.complete(null);
        });
        return logged;
    }

    private void scheduleSweep() {
        if (sweepDue.compareAndSet(false, true)) {
            expiry.execute(this::sweep);
        }
    }

    /** Logs alone the creates held past their time; a create waits between one and two hold times. */
    private void sweep() {
        sweepDue.set(false);
        long now = System.nanoTime();
        held.forEach((session, create) -> {
            if (now - create.deadlineNanos() >= 0) {
                var unused = logHeld(session);
            }
        });
        if (!held.isEmpty()) {
            scheduleSweep();
        }
    }

    private CompletableFuture<AppliedTransaction> logAlone(OmTransaction transaction) {
        return log.apply(List.of(transaction)).thenApply(results -> results.get(0));
    }

    private record Held(OmTransaction transaction, long deadlineNanos) {}
}
