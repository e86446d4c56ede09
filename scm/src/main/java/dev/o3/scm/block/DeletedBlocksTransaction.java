package dev.o3.scm.block;

import java.util.List;

/**
 * Blocks of one container to delete, as one persisted transaction of the deleted-block log.
 *
 * @param txId transaction id (persisted sequence)
 * @param containerId the container holding the blocks
 * @param localIds the blocks' local ids
 * @param retryCount how often it was sent again after no acknowledgement
 */
public record DeletedBlocksTransaction(long txId, long containerId, List<Long> localIds, int retryCount) {
    public DeletedBlocksTransaction {
        localIds = List.copyOf(localIds);
    }

    public DeletedBlocksTransaction retried() {
        return new DeletedBlocksTransaction(txId, containerId, localIds, retryCount + 1);
    }
}
