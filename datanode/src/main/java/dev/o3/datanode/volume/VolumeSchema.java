package dev.o3.datanode.volume;

import dev.o3.datanode.container.ContainerRecord;
import dev.o3.datanode.container.ReplicaState;
import dev.o3.proto.container.BlockData;
import dev.o3.proto.hdds.ContainerState;
import dev.o3.proto.scm.ContainerReplicaReport;
import dev.o3.server.db.Codec;
import dev.o3.server.db.Codecs;
import dev.o3.server.db.DbSchema;
import dev.o3.server.db.TableDefinition;
import java.util.List;

/**
 * The one RocksDB of a data volume: its containers, their committed blocks, the data of small blocks and the
 * datanode's containers lost with failed volumes.
 */
public final class VolumeSchema {
    /** Container id -> replica record. */
    public static final TableDefinition<Long, ContainerRecord> CONTAINERS =
            new TableDefinition<>("containers", Codecs.LONG, new ContainerRecordCodec());

    /** (container id, local id) -> committed block metadata, with its BCSID in {@code block_id}. */
    public static final TableDefinition<BlockKey, BlockData> BLOCKS =
            new TableDefinition<>("block_data", BlockKey.CODEC, Codecs.proto(BlockData.parser()));

    /**
     * (container id, local id) -> the data of a small block that one chunk wrote whole from its Raft log entry (at most
     * {@code hdds.container.ratis.log.inline.data.max}); such a block has no block file.
     */
    public static final TableDefinition<BlockKey, byte[]> BLOCK_CONTENTS =
            new TableDefinition<>("block_contents", BlockKey.CODEC, Codecs.BYTES);

    /**
     * Container id -> root of the failed volume it was lost with. Every healthy volume keeps the whole list, so a
     * restarted datanode still knows its lost replicas while the volume that held them cannot be read.
     */
    public static final TableDefinition<Long, String> MISSING_CONTAINERS =
            new TableDefinition<>("missing_containers", Codecs.LONG, Codecs.STRING);

    public static final DbSchema SCHEMA =
            new DbSchema("datanode-volume", List.of(CONTAINERS, BLOCKS, BLOCK_CONTENTS, MISSING_CONTAINERS));

    private VolumeSchema() {}

    /** Stored as the container report message: it already has every field a replica record needs. */
    private static final class ContainerRecordCodec implements Codec<ContainerRecord> {
        private final Codec<ContainerReplicaReport> proto = Codecs.proto(ContainerReplicaReport.parser());

        @Override
        public byte[] encode(ContainerRecord value) {
            return proto.encode(ContainerReplicaReport.newBuilder()
                    .setContainerId(value.id())
                    .setState(ContainerState.forNumber(stateNumber(value.state())))
                    .setBlockCommitSequenceId(value.bcsid())
                    .setPipelineId(value.pipelineId())
                    .setUsedBytes(value.usedBytes())
                    .setKeyCount(value.blockCount())
                    .build());
        }

        @Override
        public ContainerRecord decode(byte[] bytes) {
            ContainerReplicaReport report = proto.decode(bytes);
            return new ContainerRecord(
                    report.getContainerId(),
                    replicaState(report.getState()),
                    report.getBlockCommitSequenceId(),
                    report.getPipelineId(),
                    report.getUsedBytes(),
                    report.getKeyCount());
        }
    }

    /** The wire state of a replica state. */
    public static int stateNumber(ReplicaState state) {
        return switch (state) {
            case OPEN -> ContainerState.CONTAINER_OPEN_VALUE;
            case CLOSING -> ContainerState.CONTAINER_CLOSING_VALUE;
            case QUASI_CLOSED -> ContainerState.CONTAINER_QUASI_CLOSED_VALUE;
            case CLOSED -> ContainerState.CONTAINER_CLOSED_VALUE;
            case UNHEALTHY -> ContainerState.CONTAINER_UNHEALTHY_VALUE;
        };
    }

    private static ReplicaState replicaState(ContainerState state) {
        return switch (state) {
            case CONTAINER_OPEN -> ReplicaState.OPEN;
            case CONTAINER_CLOSING -> ReplicaState.CLOSING;
            case CONTAINER_QUASI_CLOSED -> ReplicaState.QUASI_CLOSED;
            case CONTAINER_CLOSED -> ReplicaState.CLOSED;
            default -> ReplicaState.UNHEALTHY;
        };
    }
}
