package dev.o3.om.key;

import com.google.protobuf.Message;
import dev.o3.om.db.Mutation;
import dev.o3.om.db.OmSchema;
import dev.o3.om.db.RowKeys;
import dev.o3.om.request.Lookups;
import dev.o3.om.request.OmException;
import dev.o3.om.request.WriteRequest;
import dev.o3.proto.hdds.BlockLocation;
import dev.o3.proto.om.BucketInfo;
import dev.o3.proto.om.HsyncKeyRequest;
import dev.o3.proto.om.HsyncKeyResponse;
import dev.o3.proto.om.KeyInfo;
import dev.o3.proto.om.OmStatus;
import dev.o3.proto.om.OmTransaction;
import dev.o3.proto.om.OpenKeyRecord;
import java.util.HashSet;
import java.util.Set;

/**
 * hsync of an open key: the blocks and length its pipelines committed so far become the key's visible content (an
 * earlier sync of the same session is replaced, another key of the name is overwritten as a commit would), and the
 * session stays open. The synced blocks leave the open key's block list, so an expired session frees only blocks no
 * reader can see; {@link CommitKeyHandler} later replaces the synced version with the final one.
 */
public final class HsyncKeyHandler implements WriteRequest {
    @Override
    public Message apply(Mutation mutation, OmTransaction transaction) throws OmException {
        HsyncKeyRequest request = transaction.getHsyncKey();
        BucketInfo bucket = Lookups.bucket(mutation, request.getVolume(), request.getBucket());
        Lookups.checkWrite(mutation, Lookups.caller(transaction), bucket);
        OpenKeyRecord open = OpenKeys.find(
                mutation, request.getVolume(), request.getBucket(), request.getName(), request.getClientId());
        if (!open.getUploadId().isEmpty()) {
            throw new OmException(OmStatus.INVALID_REQUEST, "a multipart part cannot be synced");
        }
        SyncedVersions.retract(mutation, bucket, open.getKey(), request.getBlocksList());
        KeyVersions.commit(
                mutation,
                bucket,
                open.getKey().toBuilder()
                        .clearBlocks()
                        .addAllBlocks(request.getBlocksList())
                        .setSize(request.getSize())
                        .setModificationTimeMillis(transaction.getTimeMillis()));
        Set<String> synced = new HashSet<>();
        request.getBlocksList().forEach(block -> synced.add(SyncedVersions.blockId(block)));
        OpenKeyRecord.Builder updated = open.toBuilder();
        KeyInfo.Builder key = updated.getKeyBuilder().clearBlocks();
        for (BlockLocation block : open.getKey().getBlocksList()) {
            if (!synced.contains(SyncedVersions.blockId(block))) {
                key.addBlocks(block);
            }
        }
        mutation.put(
                OmSchema.OPEN_KEYS,
                RowKeys.openKey(request.getVolume(), request.getBucket(), request.getName(), request.getClientId()),
                updated.build());
        return HsyncKeyResponse.getDefaultInstance();
    }
}
