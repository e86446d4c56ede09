package dev.o3.scm.state;

import dev.o3.scm.block.DeletedBlocksTransaction;
import dev.o3.scm.container.ContainerInfo;
import dev.o3.scm.node.OperationalState;
import dev.o3.scm.pipeline.Pipeline;
import dev.o3.server.db.Codecs;
import dev.o3.server.db.DbSchema;
import dev.o3.server.db.TableDefinition;
import java.util.List;

/** Every table of SCM's RocksDB, declared once. */
public final class ScmDbSchema {
    /** Non-deleted pipelines by id. */
    public static final TableDefinition<String, Pipeline> PIPELINES =
            new TableDefinition<>("pipelines", Codecs.STRING, ScmCodecs.PIPELINE);
    /** Containers by id. */
    public static final TableDefinition<Long, ContainerInfo> CONTAINERS =
            new TableDefinition<>("containers", Codecs.LONG, ScmCodecs.CONTAINER);
    /** Next value (or reserved ceiling) of each id sequence, by sequence name. */
    public static final TableDefinition<String, Long> SEQUENCES =
            new TableDefinition<>("sequences", Codecs.STRING, Codecs.LONG);
    /** Unacknowledged delete-blocks transactions by transaction id. */
    public static final TableDefinition<Long, DeletedBlocksTransaction> DELETED_BLOCKS =
            new TableDefinition<>("deletedBlocks", Codecs.LONG, ScmCodecs.DELETED_BLOCKS);

    /** Identity of this SCM and its cluster, generated on first start. */
    public static final TableDefinition<String, String> IDENTITY =
            new TableDefinition<>("identity", Codecs.STRING, Codecs.STRING);

    /** Operational state of each datanode not IN_SERVICE (decommission, maintenance), by datanode uuid. */
    public static final TableDefinition<String, OperationalState> OPERATIONAL_STATES =
            new TableDefinition<>("operationalStates", Codecs.STRING, ScmCodecs.OPERATIONAL_STATE);

    public static final DbSchema SCHEMA = new DbSchema(
            "scm", List.of(PIPELINES, CONTAINERS, SEQUENCES, DELETED_BLOCKS, IDENTITY, OPERATIONAL_STATES));

    private ScmDbSchema() {}
}
