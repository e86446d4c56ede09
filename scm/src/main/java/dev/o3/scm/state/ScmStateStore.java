package dev.o3.scm.state;

import com.google.errorprone.annotations.concurrent.GuardedBy;
import dev.o3.scm.block.DeletedBlocksTransaction;
import dev.o3.scm.container.ContainerInfo;
import dev.o3.scm.node.NodeOperationalState;
import dev.o3.scm.node.OperationalState;
import dev.o3.scm.pipeline.Pipeline;
import dev.o3.server.db.Batch;
import dev.o3.server.db.Database;
import dev.o3.server.db.KeyValue;
import dev.o3.server.db.Table;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.UUID;

/**
 * The one place where SCM's replicated state changes: pipelines, containers, id sequences, the deleted-block log and
 * the operational states of datanodes taken out of service.
 * Each mutator is a deterministic transition of the in-memory view plus one RocksDB batch, so SCM HA can later route
 * the same calls through a Ratis state machine. Reads return immutable snapshots from memory.
 *
 * <p>Durability: lifecycle changes are synced batches; high-rate counters (a container's allocated bytes, retry
 * counts) are written unsynced, and local ids are reserved in chunks so block allocation needs no sync per block.
 *
 * <p>Thread-safe: every method holds {@code this}. Lifecycle: {@link #open(Path)}, then {@link #close()}.
 */
public final class ScmStateStore implements AutoCloseable {
    static final String CONTAINER_ID = "containerId";
    static final String LOCAL_ID = "localId";
    static final String DELETED_TX_ID = "deletedTxId";
    private static final long LOCAL_ID_CHUNK = 10_000;

    private final Database db;
    private final Table<String, Pipeline> pipelineTable;
    private final Table<Long, ContainerInfo> containerTable;
    private final Table<String, Long> sequenceTable;
    private final Table<Long, DeletedBlocksTransaction> deletedTable;
    private final Table<String, String> identityTable;
    private final Table<String, OperationalState> operationalTable;

    @GuardedBy("this")
    private final Map<String, Pipeline> pipelines = new LinkedHashMap<>();

    @GuardedBy("this")
    private final TreeMap<Long, ContainerInfo> containers = new TreeMap<>();

    /** OPEN container ids by pipeline id, so block allocation does not scan every container. */
    @GuardedBy("this")
    private final Map<String, TreeSet<Long>> openByPipeline = new HashMap<>();

    @GuardedBy("this")
    private final TreeMap<Long, DeletedBlocksTransaction> deleted = new TreeMap<>();

    @GuardedBy("this")
    private long nextLocalId;

    @GuardedBy("this")
    private long reservedLocalIds;

    private ScmStateStore(Database db) {
        this.db = db;
        this.pipelineTable = db.table(ScmDbSchema.PIPELINES);
        this.containerTable = db.table(ScmDbSchema.CONTAINERS);
        this.sequenceTable = db.table(ScmDbSchema.SEQUENCES);
        this.deletedTable = db.table(ScmDbSchema.DELETED_BLOCKS);
        this.identityTable = db.table(ScmDbSchema.IDENTITY);
        this.operationalTable = db.table(ScmDbSchema.OPERATIONAL_STATES);
    }

    /** Opens (or creates) the database in {@code directory} and loads it. */
    public static ScmStateStore open(Path directory) {
        Database db = Database.open(directory, ScmDbSchema.SCHEMA);
        ScmStateStore store = new ScmStateStore(db);
        store.load();
        return store;
    }

    private synchronized void load() {
        for (KeyValue<String, Pipeline> row : pipelineTable.all()) {
            pipelines.put(row.key(), row.value());
        }
        for (KeyValue<Long, ContainerInfo> row : containerTable.all()) {
            containers.put(row.key(), row.value());
            index(row.value());
        }
        for (KeyValue<Long, DeletedBlocksTransaction> row : deletedTable.all()) {
            deleted.put(row.key(), row.value());
        }
        // Ids handed out before a crash may lie anywhere below the reserved ceiling: resume above it.
        nextLocalId = sequenceTable.get(LOCAL_ID).orElse(1L);
        reservedLocalIds = nextLocalId;
    }

    /** A stable id (e.g. {@code clusterId}, {@code scmId}), generated as a random UUID on first use. */
    public synchronized String identity(String name) {
        Optional<String> existing = identityTable.get(name);
        if (existing.isPresent()) {
            return existing.get();
        }
        String id = UUID.randomUUID().toString();
        try (Batch batch = db.newBatch()) {
            identityTable.put(batch, name, id);
            db.commit(batch);
        }
        return id;
    }

    // ---------- pipelines ----------

    public synchronized List<Pipeline> pipelines() {
        return List.copyOf(pipelines.values());
    }

    public synchronized Optional<Pipeline> pipeline(String id) {
        return Optional.ofNullable(pipelines.get(id));
    }

    /** Adds or updates a pipeline; persists only when its stored form (state, members, leader) changed. */
    public synchronized void putPipeline(Pipeline pipeline) {
        Pipeline previous = pipelines.put(pipeline.id(), pipeline);
        boolean storedFormChanged = previous == null
                || previous.state() != pipeline.state()
                || !previous.memberIds().equals(pipeline.memberIds())
                || !previous.suggestedLeaderId().equals(pipeline.suggestedLeaderId());
        if (storedFormChanged) {
            try (Batch batch = db.newBatch()) {
                pipelineTable.put(batch, pipeline.id(), pipeline);
                db.commit(batch);
            }
        }
    }

    public synchronized void removePipeline(String id) {
        if (pipelines.remove(id) != null) {
            try (Batch batch = db.newBatch()) {
                pipelineTable.delete(batch, id);
                db.commit(batch);
            }
        }
    }

    // ---------- containers ----------

    public synchronized List<ContainerInfo> containers() {
        return List.copyOf(containers.values());
    }

    public synchronized Optional<ContainerInfo> container(long id) {
        return Optional.ofNullable(containers.get(id));
    }

    /** The OPEN containers of a pipeline, by id. */
    public synchronized List<ContainerInfo> openContainers(String pipelineId) {
        List<ContainerInfo> open = new ArrayList<>();
        for (long id : openByPipeline.getOrDefault(pipelineId, new TreeSet<>())) {
            open.add(containers.get(id));
        }
        return open;
    }

    @GuardedBy("this")
    private void index(ContainerInfo container) {
        if (container.isOpen()) {
            openByPipeline
                    .computeIfAbsent(container.pipelineId(), id -> new TreeSet<>())
                    .add(container.id());
        } else {
            TreeSet<Long> open = openByPipeline.get(container.pipelineId());
            if (open != null) {
                open.remove(container.id());
                if (open.isEmpty()) {
                    openByPipeline.remove(container.pipelineId());
                }
            }
        }
    }

    /** Creates an OPEN container with the next container id on {@code pipelineId}. */
    public synchronized ContainerInfo allocateContainer(String pipelineId) {
        long id = sequenceTable.get(CONTAINER_ID).orElse(1L);
        ContainerInfo container = ContainerInfo.open(id, pipelineId);
        containers.put(id, container);
        index(container);
        try (Batch batch = db.newBatch()) {
            containerTable.put(batch, id, container);
            sequenceTable.put(batch, CONTAINER_ID, id + 1);
            db.commit(batch);
        }
        return container;
    }

    /** Updates a container: synced when its state changed, unsynced for usage counters. */
    public synchronized void putContainer(ContainerInfo container) {
        ContainerInfo previous = containers.put(container.id(), container);
        index(container);
        if (previous == null || previous.state() != container.state()) {
            try (Batch batch = db.newBatch()) {
                containerTable.put(batch, container.id(), container);
                db.commit(batch);
            }
        } else {
            containerTable.put(container.id(), container);
        }
    }

    // ---------- block ids ----------

    /** Reserves {@code count} consecutive local ids and returns the first. */
    public synchronized long allocateLocalIds(int count) {
        if (count < 1) {
            throw new IllegalArgumentException("count must be positive: " + count);
        }
        long first = nextLocalId;
        nextLocalId += count;
        if (nextLocalId > reservedLocalIds) {
            reservedLocalIds = nextLocalId + LOCAL_ID_CHUNK;
            try (Batch batch = db.newBatch()) {
                sequenceTable.put(batch, LOCAL_ID, reservedLocalIds);
                db.commit(batch);
            }
        }
        return first;
    }

    // ---------- deleted-block log ----------

    public synchronized List<DeletedBlocksTransaction> deletedTransactions() {
        return new ArrayList<>(deleted.values());
    }

    /** Appends a transaction for the blocks of one container; returns it with its new id. */
    public synchronized DeletedBlocksTransaction addDeletedBlocks(long containerId, List<Long> localIds) {
        long txId = sequenceTable.get(DELETED_TX_ID).orElse(1L);
        DeletedBlocksTransaction tx = new DeletedBlocksTransaction(txId, containerId, localIds, 0);
        deleted.put(txId, tx);
        try (Batch batch = db.newBatch()) {
            deletedTable.put(batch, txId, tx);
            sequenceTable.put(batch, DELETED_TX_ID, txId + 1);
            db.commit(batch);
        }
        return tx;
    }

    /** Records a resend (unsynced: losing a retry count is harmless). */
    public synchronized void updateDeletedTransaction(DeletedBlocksTransaction tx) {
        if (deleted.containsKey(tx.txId())) {
            deleted.put(tx.txId(), tx);
            deletedTable.put(tx.txId(), tx);
        }
    }

    /** Drops transactions every replica acknowledged. */
    public synchronized void removeDeletedTransactions(List<Long> txIds) {
        try (Batch batch = db.newBatch()) {
            for (long txId : txIds) {
                if (deleted.remove(txId) != null) {
                    deletedTable.delete(batch, txId);
                }
            }
            if (batch.size() > 0) {
                db.commit(batch);
            }
        }
    }

    // ---------- datanode operational states ----------

    /** The stored operational state of every datanode that is not IN_SERVICE, by uuid. */
    public synchronized Map<String, OperationalState> operationalStates() {
        Map<String, OperationalState> states = new LinkedHashMap<>();
        for (KeyValue<String, OperationalState> row : operationalTable.all()) {
            states.put(row.key(), row.value());
        }
        return states;
    }

    /** Stores a datanode's operational state (synced); IN_SERVICE, the default, removes its row. */
    public synchronized void putOperationalState(String uuid, OperationalState operational) {
        try (Batch batch = db.newBatch()) {
            if (operational.state() == NodeOperationalState.IN_SERVICE) {
                operationalTable.delete(batch, uuid);
            } else {
                operationalTable.put(batch, uuid, operational);
            }
            db.commit(batch);
        }
    }

    @Override
    public void close() {
        db.close();
    }
}
