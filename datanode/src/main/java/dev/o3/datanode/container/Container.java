package dev.o3.datanode.container;

import com.google.errorprone.annotations.concurrent.GuardedBy;
import dev.o3.datanode.volume.BlockKey;
import dev.o3.datanode.volume.DataVolume;
import dev.o3.proto.container.BlockData;
import dev.o3.proto.container.ContainerResult;
import dev.o3.server.db.Batch;
import dev.o3.server.db.DbException;
import dev.o3.server.db.KeyValue;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One container replica: its record and committed blocks in the volume's RocksDB, its block files in {@link
 * DataVolume#containerDir}, except the data of small blocks written whole from the Raft log, which is in the database
 * too ({@link #commitBlockWithData}). Thread-safe: metadata changes are serialized on the container's monitor and each
 * one is a single RocksDB batch, so a crash leaves either the old or the new state.
 *
 * <p>Chunks whose Raft log entry holds their data are written without an fsync ({@link #writeLogged}); the replica
 * syncs those block files before it stops accepting writes, because a replay of the log after a crash would then be
 * refused, and before a snapshot lets Ratis purge the log ({@link #syncLogged()}).
 */
public final class Container {
    private static final Logger LOG = LoggerFactory.getLogger(Container.class);

    private final DataVolume volume;
    private final ContainerSet.Listener listener;

    @GuardedBy("this")
    private ContainerRecord record;

    /** Blocks written from Raft log entries since the last sync. */
    @GuardedBy("this")
    private final Set<Long> unsyncedLogged = new HashSet<>();

    Container(DataVolume volume, ContainerRecord record, ContainerSet.Listener listener) {
        this.volume = volume;
        this.listener = listener;
        this.record = record;
    }

    public long id() {
        return record().id();
    }

    public DataVolume volume() {
        return volume;
    }

    public synchronized ContainerRecord record() {
        return record;
    }

    public ReplicaState state() {
        return record().state();
    }

    /**
     * Fails unless the container accepts writes.
     *
     * @throws ContainerResultException CONTAINER_NOT_OPEN or UNHEALTHY_CONTAINER
     */
    public void checkWritable() throws ContainerResultException {
        ReplicaState state = state();
        if (state == ReplicaState.UNHEALTHY) {
            throw new ContainerResultException(
                    ContainerResult.UNHEALTHY_CONTAINER, "container " + id() + " is unhealthy");
        }
        if (!state.isWritable()) {
            throw new ContainerResultException(
                    ContainerResult.CONTAINER_NOT_OPEN, "container " + id() + " is " + state);
        }
    }

    /**
     * Persists a new state; an UNHEALTHY or CLOSED container never becomes writable again. A replica that stops taking
     * writes first syncs the block files written from Raft log entries; if one cannot be synced, the replica becomes
     * UNHEALTHY instead of {@code next}.
     *
     * @return whether the state changed
     */
    public synchronized boolean transition(ReplicaState next) {
        ReplicaState current = record.state();
        boolean allowed =
                switch (current) {
                    case OPEN -> next != ReplicaState.OPEN;
                    case CLOSING -> next != ReplicaState.OPEN && next != ReplicaState.CLOSING;
                    case QUASI_CLOSED -> next == ReplicaState.CLOSED || next == ReplicaState.UNHEALTHY;
                    case CLOSED -> next == ReplicaState.UNHEALTHY;
                    case UNHEALTHY -> false;
                };
        if (!allowed) {
            return false;
        }
        ReplicaState target = next;
        if (current.isWritable() && !next.isWritable() && !syncLogged()) {
            target = ReplicaState.UNHEALTHY;
        }
        ContainerRecord updated = record.withState(target);
        volume.containers().put(updated.id(), updated);
        record = updated;
        return true;
    }

    /**
     * Marks the replica UNHEALTHY because a write its pipeline took did not fully reach this disk (it ran out of
     * space): the other replicas hold what this one may lack, and SCM replaces it from them. Its volume's other
     * containers stay in service. A database that cannot record the state fails the volume.
     */
    public void lostWrite(String what) {
        try {
            if (transition(ReplicaState.UNHEALTHY)) {
                LOG.error("{} is UNHEALTHY: {} did not reach its disk", this, what);
            }
        } catch (DbException e) {
            volume.onIoError(e);
        }
    }

    /** A write of chunk data to a block file of this container. */
    @FunctionalInterface
    public interface BlockWrite {
        void run() throws ContainerResultException;
    }

    /**
     * Runs a write of chunk data that a Raft log entry also holds, while the container is writable, and records its
     * block file as unsynced. The monitor keeps the write from slipping between the sync and the persisted state of
     * {@link #transition}.
     *
     * @throws ContainerResultException when the container is not writable or the write fails
     */
    public synchronized void writeLogged(long localId, BlockWrite write) throws ContainerResultException {
        checkWritable();
        write.run();
        unsyncedLogged.add(localId);
    }

    /** Block files written by {@link #writeLogged} and not synced yet. */
    public synchronized int unsyncedLoggedBlocks() {
        return unsyncedLogged.size();
    }

    /**
     * Syncs the block files written by {@link #writeLogged} since the last sync. A file that cannot be synced is
     * dropped with a warning rather than retried, its volume checked (or marked full).
     *
     * @return false when a file could not be synced, so this replica may lose its data in a crash once the Raft log
     *     that holds it is purged: the caller marks the replica UNHEALTHY
     */
    public synchronized boolean syncLogged() {
        boolean synced = true;
        for (long localId : unsyncedLogged) {
            Path file = volume.blockFile(id(), localId);
            try (FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE)) {
                channel.force(false);
            } catch (NoSuchFileException e) {
                LOG.debug("block file {} was deleted before it was synced", file);
            } catch (IOException e) {
                volume.onIoError(e);
                LOG.warn("cannot sync block file {}: {}", file, e.toString());
                synced = false;
            }
        }
        unsyncedLogged.clear();
        return synced;
    }

    /**
     * Commits a block's metadata with its BCSID in one batch; a replayed PutBlock (BCSID not above the container's)
     * changes nothing, and neither does one with fewer chunks than the block has: a writer's PutBlocks each list every
     * chunk written so far, so a shorter one is an earlier PutBlock that reached the log late (its client retried it
     * after a leader change) and must not cut off chunks a later PutBlock committed.
     *
     * @return the committed block (the stored one for a replay)
     * @throws ContainerResultException when the container is not writable or the database fails
     */
    public BlockData commitBlock(BlockData block, long bcsid) throws ContainerResultException {
        return commitBlocks(List.of(new BlockCommit(block, Optional.empty())), bcsid)
                .get(0);
    }

    /**
     * Commits a small block together with its data, which a single chunk wrote whole: data and metadata go into the
     * volume's database in one batch, so the block has no file to create now nor to sync before a snapshot. Like the
     * metadata, the data is not synced here: the Raft log entry that carried it is its durable copy until the
     * database syncs ({@link ContainerSet#syncMetadata()}), and a replay rewrites both.
     *
     * @return the committed block (the stored one for a replay)
     * @throws ContainerResultException when the container is not writable or the database fails
     */
    public BlockData commitBlockWithData(BlockData block, long bcsid, byte[] data) throws ContainerResultException {
        return commitBlocks(List.of(new BlockCommit(block, Optional.of(data))), bcsid)
                .get(0);
    }

    /**
     * Commits the blocks that one log entry (a write batch) wrote into this container, all with the entry's index as
     * BCSID, in one database batch: a replay of the entry finds them all committed or none, as for a single block.
     *
     * @return the committed blocks, in order (the stored ones for a replay)
     * @throws ContainerResultException when the container is not writable or the database fails
     */
    public synchronized List<BlockData> commitBlocks(List<BlockCommit> blocks, long bcsid)
            throws ContainerResultException {
        if (bcsid != 0 && bcsid <= record.bcsid()) {
            List<BlockData> stored = new ArrayList<>(blocks.size());
            for (BlockCommit block : blocks) {
                stored.add(volume.blocks().get(key(block.block())).orElse(block.block()));
            }
            return stored;
        }
        checkWritable();
        Map<Long, BlockData> written = new HashMap<>();
        List<BlockData> committed = new ArrayList<>(blocks.size());
        List<BlockCommit> writes = new ArrayList<>(blocks.size());
        long delta = 0;
        long added = 0;
        for (BlockCommit block : blocks) {
            BlockKey key = key(block.block());
            Optional<BlockData> previous = Optional.ofNullable(written.get(key.localId()))
                    .or(() -> volume.blocks().get(key));
            if (previous.isPresent()
                    && previous.get().getChunksCount() > block.block().getChunksCount()) {
                LOG.warn(
                        "{}: PutBlock at index {} lists {} chunks of block {}, which has {}: a late retry, ignored",
                        this,
                        bcsid,
                        block.block().getChunksCount(),
                        key.localId(),
                        previous.get().getChunksCount());
                committed.add(previous.get());
                continue;
            }
            BlockData stamped = block.block().toBuilder()
                    .setBlockId(block.block().getBlockId().toBuilder().setBlockCommitSequenceId(bcsid))
                    .build();
            delta += stamped.getSize() - previous.map(BlockData::getSize).orElse(0L);
            added += previous.isPresent() ? 0 : 1;
            written.put(key.localId(), stamped);
            committed.add(stamped);
            writes.add(new BlockCommit(stamped, block.data()));
        }
        if (writes.isEmpty()) {
            return committed; // only late retries: nothing to commit
        }
        ContainerRecord updated = record.withBlockCommitted(bcsid, delta, added);
        // Not synced: the pipeline's Raft log already holds this PutBlock durably and replays it after a crash (a
        // replay at or below the BCSID is ignored); ContainerSet.syncMetadata() runs before a snapshot lets Ratis
        // purge the log. One fsync per block on the serial apply thread was the PUT bottleneck (docs/benchmarks.md).
        commit(
                batch -> {
                    for (BlockCommit write : writes) {
                        BlockKey key = key(write.block());
                        volume.blocks().put(batch, key, write.block());
                        write.data().ifPresent(bytes -> volume.blockContents().put(batch, key, bytes));
                    }
                    volume.containers().put(batch, updated.id(), updated);
                },
                false);
        record = updated;
        return committed;
    }

    private BlockKey key(BlockData block) {
        return new BlockKey(id(), block.getBlockId().getLocalId());
    }

    /**
     * Deletes a block's metadata and its data (file or database row), freeing its disk space; deleting a missing
     * block succeeds.
     *
     * @return bytes freed on disk
     * @throws ContainerResultException when the database or the file system fails
     */
    public synchronized long deleteBlock(long localId) throws ContainerResultException {
        BlockKey key = new BlockKey(id(), localId);
        Optional<BlockData> block = volume.blocks().get(key);
        long storedInDatabase =
                volume.blockContents().get(key).map(data -> (long) data.length).orElse(0L);
        if (block.isPresent()) {
            ContainerRecord updated = record.withBlockDeleted(block.get().getSize());
            commit(batch -> {
                volume.blocks().delete(batch, key);
                volume.blockContents().delete(batch, key);
                volume.containers().put(batch, updated.id(), updated);
            });
            record = updated;
        }
        listener.blockDeleted(id(), localId);
        try {
            long size = Files.exists(volume.blockFile(id(), localId)) ? Files.size(volume.blockFile(id(), localId)) : 0;
            Files.deleteIfExists(volume.blockFile(id(), localId));
            return size + storedInDatabase;
        } catch (IOException e) {
            volume.onIoError(e);
            throw new ContainerResultException(ContainerResult.IO_EXCEPTION, "cannot delete block " + localId, e);
        }
    }

    /**
     * The bytes of a block this replica holds: its file's length, or the committed size of a block kept in the volume's
     * database (which has no file).
     *
     * @throws ContainerResultException IO_EXCEPTION when the file cannot be read
     */
    public long storedLength(long localId) throws ContainerResultException {
        long committed = volume.blocks()
                .get(new BlockKey(id(), localId))
                .map(BlockData::getSize)
                .orElse(0L);
        try {
            return Math.max(committed, Files.size(volume.blockFile(id(), localId)));
        } catch (NoSuchFileException e) {
            return committed;
        } catch (IOException e) {
            volume.onIoError(e);
            throw new ContainerResultException(ContainerResult.IO_EXCEPTION, "cannot read block " + localId, e);
        }
    }

    /**
     * The committed metadata of a block.
     *
     * @throws ContainerResultException NO_SUCH_BLOCK
     */
    public BlockData block(long localId) throws ContainerResultException {
        return volume.blocks()
                .get(new BlockKey(id(), localId))
                .orElseThrow(() -> new ContainerResultException(
                        ContainerResult.NO_SUCH_BLOCK, "no block " + localId + " in container " + id()));
    }

    /** Up to {@code count} committed blocks from {@code startLocalId} on. */
    public List<BlockData> blocks(long startLocalId, int count) {
        long containerId = id();
        return volume
                .blocks()
                .scan(
                        Optional.of(new BlockKey(containerId, startLocalId)),
                        count,
                        key -> key.containerId() == containerId)
                .stream()
                .map(KeyValue::value)
                .toList();
    }

    private void commit(Consumer<Batch> writes) throws ContainerResultException {
        commit(writes, true);
    }

    private void commit(Consumer<Batch> writes, boolean sync) throws ContainerResultException {
        try (Batch batch = volume.database().newBatch()) {
            writes.accept(batch);
            if (sync) {
                volume.database().commit(batch);
            } else {
                volume.database().commitWithoutSync(batch);
            }
        } catch (DbException e) {
            volume.onIoError(e);
            throw new ContainerResultException(ContainerResult.IO_EXCEPTION, "metadata write failed: " + e, e);
        }
    }

    @Override
    public String toString() {
        return "container " + id() + " on " + volume;
    }
}
