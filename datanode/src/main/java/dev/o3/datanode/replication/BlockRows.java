package dev.o3.datanode.replication;

import dev.o3.datanode.volume.BlockKey;
import dev.o3.datanode.volume.DataVolume;
import dev.o3.proto.container.BlockData;
import dev.o3.server.db.Batch;
import dev.o3.server.db.KeyValue;
import java.util.List;
import java.util.Optional;

/** The block rows of one container in its volume's database. */
final class BlockRows {
    private static final int ROWS_PER_BATCH = 1000;

    private BlockRows() {}

    /** Deletes the container's block rows and block data kept in the database, in batches, without a sync. */
    static void delete(DataVolume volume, long containerId) {
        while (true) {
            List<KeyValue<BlockKey, BlockData>> rows = volume.blocks()
                    .scan(
                            Optional.of(new BlockKey(containerId, Long.MIN_VALUE)),
                            ROWS_PER_BATCH,
                            key -> key.containerId() == containerId);
            if (rows.isEmpty()) {
                return;
            }
            try (Batch batch = volume.database().newBatch()) {
                for (KeyValue<BlockKey, BlockData> row : rows) {
                    volume.blocks().delete(batch, row.key());
                    volume.blockContents().delete(batch, row.key());
                }
                volume.database().commitWithoutSync(batch);
            }
        }
    }
}
