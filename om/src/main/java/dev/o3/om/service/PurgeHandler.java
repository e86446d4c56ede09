package dev.o3.om.service;

import com.google.protobuf.Message;
import dev.o3.om.db.Mutation;
import dev.o3.om.db.OmSchema;
import dev.o3.om.db.RowKeys;
import dev.o3.om.key.DeletedKeys;
import dev.o3.om.request.OmException;
import dev.o3.om.request.WriteRequest;
import dev.o3.proto.om.KeyInfo;
import dev.o3.proto.om.OmStatus;
import dev.o3.proto.om.OmTransaction;
import dev.o3.proto.om.OpenKeyRecord;
import dev.o3.proto.om.PurgeRequest;
import dev.o3.server.db.KeyValue;
import java.util.List;

/**
 * Applies the background services' decisions: expired open keys move to the deleted table, deleted keys whose blocks
 * SCM accepted disappear, and each deleted directory hands up to {@code max_children} direct children to the deleted
 * tables (sub-directories become deleted directories themselves), vanishing once it has none. Only OM itself submits
 * it.
 */
public final class PurgeHandler implements WriteRequest {
    @Override
    public Message apply(Mutation mutation, OmTransaction transaction) throws OmException {
        if (!transaction.getAdmin()) {
            throw new OmException(OmStatus.PERMISSION_DENIED, "purge is internal to OM");
        }
        PurgeRequest request = transaction.getPurge();
        for (String row : request.getOpenKeysList()) {
            var open = mutation.get(OmSchema.OPEN_KEYS, row);
            if (open.isPresent()) {
                OpenKeyRecord record = open.get();
                DeletedKeys.add(mutation, record.getKey());
                mutation.delete(OmSchema.OPEN_KEYS, row);
            }
        }
        for (String row : request.getDeletedKeysList()) {
            mutation.delete(OmSchema.DELETED_KEYS, row);
        }
        int max = Math.max(1, request.getMaxChildren());
        for (String row : request.getDeletedDirectoriesList()) {
            mutation.get(OmSchema.DELETED_DIRECTORIES, row)
                    .ifPresent(directory -> reclaimChildren(mutation, row, directory, max));
        }
        return transaction.getPurge();
    }

    private static void reclaimChildren(Mutation mutation, String row, KeyInfo directory, int max) {
        long bucketId = Long.parseLong(row.substring(0, row.indexOf('/')));
        String prefix = RowKeys.childrenOf(bucketId, directory.getObjectId());
        List<KeyValue<String, KeyInfo>> directories = mutation.scan(OmSchema.DIRECTORIES, prefix, prefix, max);
        List<KeyValue<String, KeyInfo>> files = mutation.scan(OmSchema.FILES, prefix, prefix, max);
        for (KeyValue<String, KeyInfo> child : directories) {
            KeyInfo sub = child.value();
            mutation.delete(OmSchema.DIRECTORIES, child.key());
            mutation.put(
                    OmSchema.DELETED_DIRECTORIES,
                    RowKeys.deletedDirectory(bucketId, sub.getParentId(), sub.getName(), sub.getObjectId()),
                    sub);
        }
        for (KeyValue<String, KeyInfo> child : files) {
            mutation.delete(OmSchema.FILES, child.key());
            DeletedKeys.add(mutation, child.value());
        }
        if (directories.size() < max && files.size() < max) {
            mutation.delete(OmSchema.DELETED_DIRECTORIES, row);
        }
    }
}
