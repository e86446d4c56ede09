package dev.o3.om.ratis;

import dev.o3.om.apply.AppliedBatch;
import dev.o3.om.apply.AppliedTransaction;
import dev.o3.om.apply.TransactionApplier;
import dev.o3.om.db.OmStoreHolder;
import dev.o3.proto.om.OmTransaction;
import dev.o3.proto.om.TransactionInfoRecord;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.ratis.proto.RaftProtos.LogEntryProto;
import org.apache.ratis.protocol.Message;
import org.apache.ratis.protocol.RaftClientRequest;
import org.apache.ratis.protocol.RaftGroupId;
import org.apache.ratis.server.RaftServer;
import org.apache.ratis.server.protocol.TermIndex;
import org.apache.ratis.server.storage.RaftStorage;
import org.apache.ratis.statemachine.SnapshotInfo;
import org.apache.ratis.statemachine.StateMachineStorage;
import org.apache.ratis.statemachine.TransactionContext;
import org.apache.ratis.statemachine.impl.BaseStateMachine;
import org.apache.ratis.util.LifeCycle;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * OM's Ratis state machine. Every committed log entry is an {@code OmTransaction}; Ratis calls
 * {@link #applyTransaction} for them one at a time in log order (its state machine updater thread), and the
 * {@link TransactionApplier} updates the cache and queues the writes for the double buffer. The reply goes back before
 * the RocksDB flush; reads see the cache.
 *
 * <p>Recovery: RocksDB records the last flushed index; entries up to it are skipped when Ratis replays the log. The
 * retry cache (replies to client request ids, see {@code RetryCache}) is a RocksDB table, so it resumes from the same
 * point and travels in checkpoints.
 * Snapshots are RocksDB checkpoints ({@link CheckpointSnapshotStorage}); after Ratis installed one from the leader,
 * {@link #reinitialize} swaps the database for it. Reads only need {@link #query} as a barrier: the caller reads the
 * cache once Ratis has applied up to the read index.
 */
final class OmStateMachine extends BaseStateMachine {
    private static final Logger LOG = LoggerFactory.getLogger(OmStateMachine.class);
    private static final Duration FLUSH_WAIT = Duration.ofMinutes(1);

    private final String logPrefix;
    private final OmStoreHolder stores;
    private final TransactionApplier applier;
    private final ApplyListener applyListener;
    private final CheckpointSnapshotStorage storage = new CheckpointSnapshotStorage();
    private final AtomicLong appliedTransactions = new AtomicLong();
    private final AtomicLong appliedRequests = new AtomicLong();
    private volatile long alreadyFlushed;
    /** Highest log index handed to the applier; Raft configuration entries never reach it. */
    private volatile long lastTransactionIndex;

    OmStateMachine(String logPrefix, OmStoreHolder stores, TransactionApplier applier, ApplyListener applyListener) {
        this.logPrefix = logPrefix;
        this.stores = stores;
        this.applier = applier;
        this.applyListener = applyListener;
    }

    @Override
    public void initialize(RaftServer server, RaftGroupId groupId, RaftStorage raftStorage) throws IOException {
        super.initialize(server, groupId, raftStorage);
        // RUNNING lets Ratis pause() the state machine before it installs a snapshot from the leader.
        getLifeCycle().startAndTransition(() -> {
            storage.init(raftStorage);
            resumeFromStore();
        });
    }

    private void resumeFromStore() {
        TransactionInfoRecord flushed = stores.get().flushedAtOpen();
        alreadyFlushed = flushed.getIndex();
        SnapshotInfo snapshot = storage.getLatestSnapshot();
        TermIndex fromStore = TermIndex.valueOf(flushed.getTerm(), flushed.getIndex());
        TermIndex start =
                snapshot != null && snapshot.getIndex() > flushed.getIndex() ? snapshot.getTermIndex() : fromStore;
        setLastAppliedTermIndex(start);
        LOG.info(
                "[{}] resuming after log index {} (RocksDB holds up to {})",
                logPrefix,
                start.getIndex(),
                flushed.getIndex());
    }

    @Override
    public StateMachineStorage getStateMachineStorage() {
        return storage;
    }

    @Override
    public SnapshotInfo getLatestSnapshot() {
        return storage.getLatestSnapshot();
    }

    @Override
    public CompletableFuture<Message> applyTransaction(TransactionContext context) {
        LogEntryProto entry = context.getLogEntry();
        long index = entry.getIndex();
        if (index <= alreadyFlushed) {
            updateLastAppliedTermIndex(entry.getTerm(), index);
            return CompletableFuture.completedFuture(Message.EMPTY);
        }
        long start = System.nanoTime();
        OmTransaction transaction;
        try {
            transaction = transactionOf(context, entry);
        } catch (com.google.protobuf.InvalidProtocolBufferException e) {
            return CompletableFuture.failedFuture(e);
        }
        Message reply = transaction.hasBatch()
                ? batchReply(applier.applyBatch(transaction.getBatch(), entry.getTerm(), index))
                : reply(applier.apply(transaction, entry.getTerm(), index));
        lastTransactionIndex = index;
        updateLastAppliedTermIndex(entry.getTerm(), index);
        int requests = transaction.hasBatch() ? transaction.getBatch().getTransactionsCount() : 1;
        appliedTransactions.incrementAndGet();
        appliedRequests.addAndGet(requests);
        applyListener.applied(requests, System.nanoTime() - start);
        return CompletableFuture.completedFuture(reply);
    }

    private static Message reply(AppliedTransaction applied) {
        return new ProtoMessage<>(applied, () -> applied.toReply().toByteArray());
    }

    private static Message batchReply(AppliedBatch applied) {
        return new ProtoMessage<>(applied, () -> applied.toReply().toByteArray());
    }

    /** On the leader the request still holds the transaction it was made from; elsewhere it is parsed. */
    private static OmTransaction transactionOf(TransactionContext context, LogEntryProto entry)
            throws com.google.protobuf.InvalidProtocolBufferException {
        RaftClientRequest request = context.getClientRequest();
        if (request != null
                && request.getMessage() instanceof ProtoMessage<?> message
                && message.value() instanceof OmTransaction transaction) {
            return transaction;
        }
        return OmTransaction.parseFrom(
                entry.getStateMachineLogEntry().getLogData().asReadOnlyByteBuffer());
    }

    /** Log entries applied by this state machine since it started (replays of flushed entries excluded). */
    long appliedTransactions() {
        return appliedTransactions.get();
    }

    /** Client requests those entries carried: more than the entries when requests were group-committed. */
    long appliedRequests() {
        return appliedRequests.get();
    }

    @Override
    public CompletableFuture<Message> query(Message request) {
        return CompletableFuture.completedFuture(Message.EMPTY);
    }

    @Override
    public long takeSnapshot() throws IOException {
        TermIndex last = getLastAppliedTermIndex();
        if (last == null || last.getIndex() <= 0) {
            return -1;
        }
        SnapshotInfo current = storage.getLatestSnapshot();
        if (current != null && current.getIndex() >= last.getIndex()) {
            return current.getIndex();
        }
        Path temporary = storage.temporaryPath(last);
        Path target = storage.pathFor(last);
        OmStoreHolder.deleteRecursively(temporary);
        Files.createDirectories(temporary.getParent());
        try {
            stores.get().checkpoint(lastTransactionIndex, temporary, FLUSH_WAIT);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while taking a snapshot", e);
        }
        Files.move(temporary, target);
        storage.completed(target, last);
        LOG.info("[{}] snapshot {} written to {}", logPrefix, last, target);
        return last.getIndex();
    }

    /** Called by Ratis before it installs a snapshot; {@link #reinitialize} resumes. */
    @Override
    public void pause() {
        if (getLifeCycleState() == LifeCycle.State.RUNNING) {
            getLifeCycle().transition(LifeCycle.State.PAUSING);
            getLifeCycle().transition(LifeCycle.State.PAUSED);
        }
    }

    @Override
    public void reinitialize() throws IOException {
        Optional<Path> checkpoint = storage.reload();
        if (checkpoint.isPresent()) {
            LOG.info("[{}] installing checkpoint {} from the leader", logPrefix, checkpoint.get());
            try {
                stores.replaceWith(checkpoint.get());
            } catch (UncheckedIOException e) {
                throw e.getCause();
            }
            resumeFromStore();
            TermIndex installed = CheckpointSnapshotStorage.termIndex(checkpoint.get());
            if (installed.getIndex() > getLastAppliedTermIndex().getIndex()) {
                setLastAppliedTermIndex(installed);
            }
        }
        if (getLifeCycleState() == LifeCycle.State.PAUSED) {
            getLifeCycle().transition(LifeCycle.State.STARTING);
            getLifeCycle().transition(LifeCycle.State.RUNNING);
        }
    }
}
