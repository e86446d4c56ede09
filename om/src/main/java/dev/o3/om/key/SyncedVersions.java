package dev.o3.om.key;

import dev.o3.om.db.Mutation;
import dev.o3.om.request.OmException;
import dev.o3.proto.hdds.BlockLocation;
import dev.o3.proto.om.BucketInfo;
import dev.o3.proto.om.KeyInfo;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The version an hsync made visible while its key is still open. It shares its blocks with the session's later syncs
 * and its final commit, so replacing it must not free them as replacing another key would. Stateless.
 */
final class SyncedVersions {
    private SyncedVersions() {}

    /**
     * Removes the key's current version if a sync of this session made it (same object id as the open key), giving
     * back its usage; the blocks of it that {@code kept} does not list go to the deleted table.
     */
    static void retract(Mutation mutation, BucketInfo bucket, KeyInfo openKey, List<BlockLocation> kept)
            throws OmException {
        KeyLayout layout = KeyLayouts.of(bucket);
        Optional<KeyInfo> current = layout.lookup(mutation, bucket, openKey.getName());
        if (current.isEmpty() || current.get().getObjectId() != openKey.getObjectId()) {
            return;
        }
        KeyInfo synced = layout.remove(mutation, bucket, openKey.getName(), false);
        BucketUsage.update(mutation, bucket, -BucketUsage.bytes(synced), -1);
        Set<String> keptIds = new HashSet<>();
        kept.forEach(block -> keptIds.add(blockId(block)));
        KeyInfo.Builder dropped = synced.toBuilder().clearBlocks();
        for (BlockLocation block : synced.getBlocksList()) {
            if (!keptIds.contains(blockId(block))) {
                dropped.addBlocks(block);
            }
        }
        if (dropped.getBlocksCount() > 0) {
            DeletedKeys.add(mutation, dropped.build());
        }
    }

    static String blockId(BlockLocation block) {
        return block.getBlockId().getContainerId() + "/" + block.getBlockId().getLocalId();
    }
}
