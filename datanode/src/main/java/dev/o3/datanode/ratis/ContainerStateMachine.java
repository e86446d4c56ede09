package dev.o3.datanode.ratis;

import dev.o3.common.ratis.ContainerMessages;
import dev.o3.common.ratis.ShadedBytes;
import dev.o3.datanode.container.ContainerHandler;
import dev.o3.datanode.container.ContainerResultException;
import dev.o3.datanode.metrics.DatanodeMetrics;
import dev.o3.proto.container.ContainerCommandRequest;
import dev.o3.proto.container.ContainerCommandResponse;
import dev.o3.proto.container.ContainerResult;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentNavigableMap;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.function.Consumer;
import org.apache.ratis.proto.RaftProtos.LogEntryProto;
import org.apache.ratis.proto.RaftProtos.RoleInfoProto;
import org.apache.ratis.protocol.Message;
import org.apache.ratis.protocol.RaftClientRequest;
import org.apache.ratis.protocol.RaftGroupId;
import org.apache.ratis.protocol.RaftGroupMemberId;
import org.apache.ratis.protocol.RaftPeerId;
import org.apache.ratis.server.RaftServer;
import org.apache.ratis.server.protocol.TermIndex;
import org.apache.ratis.server.storage.RaftStorage;
import org.apache.ratis.statemachine.StateMachineStorage;
import org.apache.ratis.statemachine.TransactionContext;
import org.apache.ratis.statemachine.impl.BaseStateMachine;
import org.apache.ratis.statemachine.impl.SimpleStateMachineStorage;
import org.apache.ratis.statemachine.impl.SingleFileSnapshotInfo;
import org.apache.ratis.thirdparty.com.google.protobuf.ByteString;
import org.apache.ratis.thirdparty.com.google.protobuf.InvalidProtocolBufferException;
import org.apache.ratis.util.MD5FileUtil;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The state machine of one pipeline (Raft group): container commands in log order.
 *
 * <p>Protocol (ozone-behaviour.md section 2.3). On the leader, {@link #startTransaction(RaftClientRequest)} splits a
 * WriteChunk into log data (the request without its data) and state-machine data (the chunk bytes, wrapped, not
 * copied). On every member, {@link #write} writes the chunk bytes to the block file on the block's chunk executor
 * before Ratis treats the entry as durable ({@link #flush} waits for those writes). A chunk of at most
 * {@code inlineDataMax} bytes is not split: its data stays in the log entry, so the synced log makes it durable
 * without an fsync of the block file, and apply writes it; a snapshot syncs those files before the log is purged.
 * {@link #read} gives the leader the data again for followers that lag: from memory until the entry is applied, then
 * from the block file. A write batch (small blocks of several keys, each with its data) is logged whole, with the
 * leader's refusals of single commands in place of those commands ({@link ContainerHandler#admit}).
 * {@link #applyTransaction} runs commands in log order on Ratis' apply thread; PutBlock takes the log index as BCSID.
 * A failed data write never fails the Raft log: it is remembered and returned as the command's result at apply time.
 *
 * <p>Snapshots hold only the applied term and index: every applied effect is already in RocksDB and the block files,
 * and replaying entries after the snapshot is idempotent (a PutBlock at or below the container's BCSID is ignored).
 * PutBlock's RocksDB write is not synced (the synced Raft log is its durable record); taking a snapshot first syncs
 * every volume's database, so the log is never purged past a block that only it holds.
 *
 * <p>Threading: Ratis calls the methods from its own threads; shared state is in concurrent maps.
 */
final class ContainerStateMachine extends BaseStateMachine {
    private static final Logger LOG = LoggerFactory.getLogger(ContainerStateMachine.class);

    private final String logPrefix;
    private final ContainerHandler handler;
    private final ChunkWriters writers;
    private final DatanodeMetrics metrics;
    private final long inlineDataMax;
    private final SimpleStateMachineStorage storage = new SimpleStateMachineStorage();
    private final ConcurrentNavigableMap<Long, CompletableFuture<ContainerResultException>> pendingWrites =
            new ConcurrentSkipListMap<>();
    private final ConcurrentNavigableMap<Long, ByteString> unappliedData = new ConcurrentSkipListMap<>();
    private volatile String ratisDir = "";
    /** Told the Ratis dir of this group's log when a write to it fails. */
    private final Consumer<String> logFailures;
    /**
     * The storage's answer, kept: followers ask on every appendEntries, and before the first snapshot exists the
     * storage lists the snapshot directory each time.
     */
    private volatile SingleFileSnapshotInfo latestSnapshot;

    ContainerStateMachine(
            String logPrefix,
            ContainerHandler handler,
            ChunkWriters writers,
            DatanodeMetrics metrics,
            long inlineDataMax,
            Consumer<String> logFailures) {
        this.logPrefix = logPrefix;
        this.logFailures = logFailures;
        this.handler = handler;
        this.writers = writers;
        this.metrics = metrics;
        this.inlineDataMax = inlineDataMax;
    }

    /** The Ratis dir holding this group's log; empty before initialization. */
    String ratisDir() {
        return ratisDir;
    }

    @Override
    public void initialize(RaftServer server, RaftGroupId groupId, RaftStorage raftStorage) throws IOException {
        super.initialize(server, groupId, raftStorage);
        storage.init(raftStorage);
        ratisDir = raftStorage
                .getStorageDir()
                .getRoot()
                .toPath()
                .getParent()
                .toAbsolutePath()
                .normalize()
                .toString();
        loadSnapshot();
        LOG.info("[{}] group {} on {} recovered at {}", logPrefix, groupId, ratisDir, getLastAppliedTermIndex());
    }

    @Override
    public void reinitialize() throws IOException {
        loadSnapshot();
    }

    @Override
    public StateMachineStorage getStateMachineStorage() {
        return storage;
    }

    @Override
    public SingleFileSnapshotInfo getLatestSnapshot() {
        return latestSnapshot;
    }

    @Override
    public long takeSnapshot() throws IOException {
        TermIndex applied = getLastAppliedTermIndex();
        if (applied == null || applied.getIndex() < 0) {
            return -1;
        }
        // The snapshot lets Ratis purge the log up to here, and the log is what makes unsynced PutBlocks and inline
        // chunks durable.
        handler.syncApplied();
        var file = storage.getSnapshotFile(applied.getTerm(), applied.getIndex());
        Files.writeString(file.toPath(), applied.getTerm() + " " + applied.getIndex() + "\n", StandardCharsets.UTF_8);
        MD5FileUtil.computeAndSaveMd5ForFile(file);
        latestSnapshot = storage.loadLatestSnapshot();
        LOG.debug("[{}] group {} snapshot at {}", logPrefix, getGroupId(), applied);
        return applied.getIndex();
    }

    @Override
    public TransactionContext startTransaction(RaftClientRequest request) throws IOException {
        ContainerCommandRequest parsed =
                ContainerMessages.decodeRequest(request.getMessage().getContent());
        TransactionContext.Builder builder =
                TransactionContext.newBuilder().setStateMachine(this).setClientRequest(request);
        Optional<? extends Exception> refused = handler.refusal(parsed);
        if (refused.isPresent()) {
            // Only the leader starts transactions, so a refused write never reaches the log and every member applies
            // the same entries whatever its clock says about token expiry. An exception set on the context (not
            // thrown) is what Ratis answers the client with, as a StateMachineException, instead of retrying.
            return builder.build().setException(refused.get());
        }
        if (parsed.hasWriteBatch()) {
            Optional<ContainerCommandRequest> withRefusals = handler.admit(parsed);
            return builder.setLogData(withRefusals
                            .map(admitted -> ShadedBytes.toShaded(admitted.toByteString()))
                            .orElse(request.getMessage().getContent()))
                    .setStateMachineContext(withRefusals.orElse(parsed))
                    .build();
        }
        if (parsed.hasWriteChunk() && parsed.getWriteChunk().getData().size() > inlineDataMax) {
            ContainerCommandRequest metadata = ContainerMessages.withoutData(parsed);
            return builder.setLogData(ShadedBytes.toShaded(metadata.toByteString()))
                    .setStateMachineData(
                            ShadedBytes.toShaded(parsed.getWriteChunk().getData()))
                    .setStateMachineContext(metadata)
                    .build();
        }
        return builder.setLogData(request.getMessage().getContent())
                .setStateMachineContext(parsed)
                .build();
    }

    @Override
    public CompletableFuture<?> write(LogEntryProto entry, TransactionContext context) {
        if (!entry.hasStateMachineLogEntry() || !entry.getStateMachineLogEntry().hasStateMachineEntry()) {
            return CompletableFuture.completedFuture(null);
        }
        ContainerCommandRequest request;
        try {
            request = request(entry, context);
        } catch (InvalidProtocolBufferException e) {
            return CompletableFuture.failedFuture(e);
        }
        long index = entry.getIndex();
        ByteString data = entry.getStateMachineLogEntry().getStateMachineEntry().getStateMachineData();
        unappliedData.put(index, data);
        CompletableFuture<ContainerResultException> future = CompletableFuture.supplyAsync(
                () -> writeChunk(request, data),
                writers.of(request.getWriteChunk().getBlockId().getLocalId()));
        pendingWrites.put(index, future);
        return future;
    }

    @Override
    public CompletableFuture<Void> flush(long index) {
        long start = System.nanoTime();
        List<CompletableFuture<ContainerResultException>> writes =
                new ArrayList<>(pendingWrites.headMap(index, true).values());
        return CompletableFuture.allOf(writes.toArray(CompletableFuture[]::new))
                .thenRun(() -> metrics.recordDataSync(ratisDir, System.nanoTime() - start));
    }

    @Override
    public CompletableFuture<Void> truncate(long index) {
        pendingWrites.tailMap(index, true).clear();
        unappliedData.tailMap(index, true).clear();
        return CompletableFuture.completedFuture(null);
    }

    @Override
    public CompletableFuture<ByteString> read(LogEntryProto entry) {
        return read(entry, null);
    }

    @Override
    public CompletableFuture<ByteString> read(LogEntryProto entry, TransactionContext context) {
        ByteString cached = unappliedData.get(entry.getIndex());
        if (cached != null) {
            metrics.recordDataRead(ratisDir, cached.size());
            return CompletableFuture.completedFuture(cached);
        }
        ContainerCommandRequest request;
        try {
            request = request(entry, context);
        } catch (InvalidProtocolBufferException e) {
            return CompletableFuture.failedFuture(e);
        }
        return CompletableFuture.supplyAsync(
                () -> {
                    try {
                        ByteString data = ShadedBytes.toShaded(handler.readChunkData(request));
                        metrics.recordDataRead(ratisDir, data.size());
                        return data;
                    } catch (ContainerResultException e) {
                        throw new IllegalStateException(
                                "[" + logPrefix + "] cannot re-read the data of entry " + entry.getIndex() + ": "
                                        + e.getMessage(),
                                e);
                    }
                },
                writers.of(request.getWriteChunk().getBlockId().getLocalId()));
    }

    @Override
    public CompletableFuture<Message> applyTransaction(TransactionContext context) {
        LogEntryProto entry = context.getLogEntry();
        long index = entry.getIndex();
        long start = System.nanoTime();
        ContainerCommandResponse response;
        try {
            ContainerCommandRequest request = request(entry, context);
            CompletableFuture<ContainerResultException> write = pendingWrites.remove(index);
            ContainerResultException writeFailure = write == null ? null : write.join();
            response = writeFailure != null ? ContainerHandler.failure(writeFailure) : handler.apply(request, index);
            if (request.hasWriteBatch()) {
                metrics.recordWriteBatch(ratisDir, request.getWriteBatch().getCommandsCount());
            }
        } catch (InvalidProtocolBufferException e) {
            response = ContainerHandler.failure(
                    new ContainerResultException(ContainerResult.INVALID_ARGUMENT, "not a container command", e));
        }
        unappliedData.remove(index);
        updateLastAppliedTermIndex(entry.getTerm(), index);
        long logBytes = (long) entry.getSerializedSize()
                - entry.getStateMachineLogEntry()
                        .getStateMachineEntry()
                        .getStateMachineData()
                        .size();
        metrics.recordLogEntry(ratisDir, logBytes, System.nanoTime() - start);
        return CompletableFuture.completedFuture(ContainerMessages.encode(response));
    }

    @Override
    public void notifyLeaderChanged(RaftGroupMemberId groupMemberId, RaftPeerId newLeaderId) {
        LOG.info("[{}] group {} leader is now {}", logPrefix, groupMemberId.getGroupId(), newLeaderId);
    }

    @Override
    public void notifyExtendedNoLeader(RoleInfoProto roleInfo) {
        LOG.warn("[{}] group {} has had no leader for long; SCM closes such pipelines", logPrefix, getGroupId());
    }

    @Override
    public CompletableFuture<TermIndex> notifyInstallSnapshotFromLeader(
            RoleInfoProto roleInfo, TermIndex firstTermIndexInLog) {
        // A snapshot holds no chunk data, so it cannot rebuild this replica: refuse, and let SCM replace the member.
        LOG.error(
                "[{}] group {} fell behind the leader's purged log (first index {}); this replica cannot catch up",
                logPrefix,
                getGroupId(),
                firstTermIndexInLog);
        return CompletableFuture.completedFuture(null);
    }

    @Override
    public void notifyLogFailed(Throwable cause, LogEntryProto failedEntry) {
        LOG.error("[{}] Raft log of group {} failed on {}", logPrefix, getGroupId(), ratisDir, cause);
        logFailures.accept(ratisDir);
    }

    private ContainerResultException writeChunk(ContainerCommandRequest request, ByteString data) {
        try {
            handler.writeChunkData(request, ShadedBytes.toUnshaded(data));
            return null;
        } catch (ContainerResultException e) {
            LOG.warn("[{}] WriteChunk to container {} failed: {}", logPrefix, request.getContainerId(), e.getMessage());
            return e;
        } catch (RuntimeException e) {
            LOG.error("[{}] WriteChunk to container {} failed", logPrefix, request.getContainerId(), e);
            return new ContainerResultException(ContainerResult.IO_EXCEPTION, e.toString(), e);
        }
    }

    private static ContainerCommandRequest request(LogEntryProto entry, TransactionContext context)
            throws InvalidProtocolBufferException {
        if (context != null && context.getStateMachineContext() instanceof ContainerCommandRequest request) {
            return request;
        }
        try {
            return ContainerMessages.decodeRequest(
                    entry.getStateMachineLogEntry().getLogData());
        } catch (com.google.protobuf.InvalidProtocolBufferException e) {
            throw new InvalidProtocolBufferException(e.getMessage());
        }
    }

    private void loadSnapshot() {
        SingleFileSnapshotInfo snapshot = storage.loadLatestSnapshot();
        latestSnapshot = snapshot;
        if (snapshot != null) {
            setLastAppliedTermIndex(snapshot.getTermIndex());
        }
    }
}
