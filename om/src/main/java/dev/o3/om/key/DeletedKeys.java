package dev.o3.om.key;

import dev.o3.om.db.Mutation;
import dev.o3.om.db.OmSchema;
import dev.o3.om.db.RowKeys;
import dev.o3.proto.om.KeyInfo;

/** Queues the blocks of a removed or overwritten key for the key-deleting service (which frees them in SCM). */
public final class DeletedKeys {
    private DeletedKeys() {}

    /** Adds the key to the deleted table unless it has no blocks. */
    public static void add(Mutation mutation, KeyInfo key) {
        if (key.getBlocksCount() == 0) {
            return;
        }
        mutation.put(
                OmSchema.DELETED_KEYS,
                RowKeys.deletedKey(key.getVolume(), key.getBucket(), key.getName(), mutation.nextObjectId()),
                key);
    }
}
