package dev.o3.scm.block;

import com.google.errorprone.annotations.concurrent.GuardedBy;
import dev.o3.scm.command.CommandQueue;
import dev.o3.scm.command.DatanodeCommand;
import dev.o3.scm.state.ScmStateStore;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Blocks of deleted keys on their way to the datanodes. OM hands them over ({@link #addBlocks}); each container's
 * blocks become one persisted transaction. Every heartbeat of a replica holder gets a {@code DeleteBlocks} command
 * with the transactions it has not acknowledged ({@link #commandFor}); a transaction not acknowledged within
 * {@code retryInterval} is sent again with a higher retry count; once every replica acknowledged it, it is removed.
 *
 * <p>Thread-safe: holds {@code this}. Delivery bookkeeping is in memory: after a restart every pending transaction is
 * sent again, which datanodes treat as idempotent.
 */
public final class DeletedBlockLog {
    private static final Logger LOG = LoggerFactory.getLogger(DeletedBlockLog.class);
    private static final int MAX_TRANSACTIONS_PER_COMMAND = 100;

    private final String logPrefix;
    private final ScmStateStore store;
    private final CommandQueue commands;
    private final Function<Long, Set<String>> replicaNodes;
    private final Clock clock;
    private final Duration retryInterval;

    /** Per transaction: when it was last sent to each datanode. */
    @GuardedBy("this")
    private final Map<Long, Map<String, Instant>> sent = new HashMap<>();

    @GuardedBy("this")
    private final Map<Long, Set<String>> acknowledged = new HashMap<>();

    @GuardedBy("this")
    private final Map<Long, Delivery> inFlight = new HashMap<>();

    private record Delivery(String datanodeUuid, List<Long> txIds) {}

    public DeletedBlockLog(
            String name,
            ScmStateStore store,
            CommandQueue commands,
            Function<Long, Set<String>> replicaNodes,
            Clock clock,
            Duration retryInterval) {
        this.logPrefix = "[" + Objects.requireNonNull(name, "name is null") + "] ";
        this.store = Objects.requireNonNull(store, "store is null");
        this.commands = Objects.requireNonNull(commands, "commands is null");
        this.replicaNodes = Objects.requireNonNull(replicaNodes, "replicaNodes is null");
        this.clock = Objects.requireNonNull(clock, "clock is null");
        this.retryInterval = Objects.requireNonNull(retryInterval, "retryInterval is null");
    }

    /** Queues the blocks of a deleted key, grouped by container: local ids by container id. */
    public synchronized List<DeletedBlocksTransaction> addBlocks(Map<Long, List<Long>> localIdsByContainer) {
        List<DeletedBlocksTransaction> added = new ArrayList<>();
        new TreeMap<>(localIdsByContainer)
                .forEach((containerId, localIds) -> added.add(store.addDeletedBlocks(containerId, localIds)));
        return added;
    }

    /** The delete command for a datanode's heartbeat, if it has transactions due. */
    public synchronized Optional<DatanodeCommand> commandFor(String datanodeUuid) {
        Instant now = clock.instant();
        List<DeletedBlocksTransaction> due = new ArrayList<>();
        for (DeletedBlocksTransaction tx : store.deletedTransactions()) {
            if (due.size() >= MAX_TRANSACTIONS_PER_COMMAND) {
                break;
            }
            if (!replicaNodes.apply(tx.containerId()).contains(datanodeUuid)
                    || acknowledged.getOrDefault(tx.txId(), Set.of()).contains(datanodeUuid)) {
                continue;
            }
            Map<String, Instant> sentTo = sent.computeIfAbsent(tx.txId(), id -> new HashMap<>());
            Instant last = sentTo.get(datanodeUuid);
            if (last != null && Duration.between(last, now).compareTo(retryInterval) < 0) {
                continue;
            }
            DeletedBlocksTransaction toSend = tx;
            if (last != null) {
                toSend = tx.retried();
                store.updateDeletedTransaction(toSend);
            }
            sentTo.put(datanodeUuid, now);
            due.add(toSend);
        }
        if (due.isEmpty()) {
            return Optional.empty();
        }
        long commandId = commands.nextCommandId();
        inFlight.put(
                commandId,
                new Delivery(
                        datanodeUuid,
                        due.stream().map(DeletedBlocksTransaction::txId).toList()));
        return Optional.of(new DatanodeCommand.DeleteBlocks(commandId, due));
    }

    /**
     * Applies a datanode's status for a command; non-delete commands are ignored. A failed delete is retried after
     * the retry interval.
     */
    public synchronized void acknowledge(String datanodeUuid, long commandId, boolean success) {
        Delivery delivery = inFlight.get(commandId);
        if (delivery == null || !delivery.datanodeUuid().equals(datanodeUuid)) {
            return;
        }
        inFlight.remove(commandId);
        if (!success) {
            LOG.warn("{}datanode {} failed delete command {}; will retry", logPrefix, datanodeUuid, commandId);
            return;
        }
        Map<Long, DeletedBlocksTransaction> pending = new HashMap<>();
        store.deletedTransactions().forEach(tx -> pending.put(tx.txId(), tx));
        List<Long> done = new ArrayList<>();
        for (long txId : delivery.txIds()) {
            DeletedBlocksTransaction tx = pending.get(txId);
            if (tx == null) {
                continue;
            }
            Set<String> acks = acknowledged.computeIfAbsent(txId, id -> new HashSet<>());
            acks.add(datanodeUuid);
            if (acks.containsAll(replicaNodes.apply(tx.containerId()))) {
                done.add(txId);
                acknowledged.remove(txId);
                sent.remove(txId);
            }
        }
        store.removeDeletedTransactions(done);
    }

    public List<DeletedBlocksTransaction> pending() {
        return store.deletedTransactions();
    }
}
