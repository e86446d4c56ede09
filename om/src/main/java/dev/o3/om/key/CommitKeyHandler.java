package dev.o3.om.key;

import com.google.protobuf.Message;
import dev.o3.om.db.Mutation;
import dev.o3.om.db.OmSchema;
import dev.o3.om.db.RowKeys;
import dev.o3.om.request.Lookups;
import dev.o3.om.request.OmException;
import dev.o3.om.request.WriteRequest;
import dev.o3.proto.hdds.BlockLocation;
import dev.o3.proto.hdds.KeyValue;
import dev.o3.proto.om.BucketInfo;
import dev.o3.proto.om.CommitKeyRequest;
import dev.o3.proto.om.CommitKeyResponse;
import dev.o3.proto.om.KeyInfo;
import dev.o3.proto.om.OmStatus;
import dev.o3.proto.om.OmTransaction;
import dev.o3.proto.om.OpenKeyRecord;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Makes an open key visible with the client's final block list, size and commit-time metadata. An overwritten key
 * and blocks allocated but not used go to the deleted table; bucket usage and quotas are updated in the same
 * transaction; a version an hsync of this session made visible is replaced without freeing the blocks the final
 * version keeps ({@link SyncedVersions}). In a versioned bucket the key becomes the current version ({@link
 * KeyVersions}). The session's S3 conditions are checked again: a write that committed since the session opened
 * makes them fail with CONDITIONAL_REQUEST_CONFLICT.
 */
public final class CommitKeyHandler implements WriteRequest {
    @Override
    public Message apply(Mutation mutation, OmTransaction transaction) throws OmException {
        CommitKeyRequest request = transaction.getCommitKey();
        BucketInfo bucket = Lookups.bucket(mutation, request.getVolume(), request.getBucket());
        Lookups.checkWrite(mutation, Lookups.caller(transaction), bucket);
        OpenKeyRecord open = OpenKeys.find(
                mutation, request.getVolume(), request.getBucket(), request.getName(), request.getClientId());
        if (!open.getUploadId().isEmpty()) {
            throw new OmException(OmStatus.INVALID_REQUEST, "a multipart part is committed with CommitMultipartPart");
        }
        KeyInfo.Builder key = withCommitMetadata(open.getKey(), request.getCommitMetadataList()).toBuilder()
                .clearBlocks()
                .addAllBlocks(request.getBlocksList())
                .setSize(request.getSize())
                .setEtag(request.getEtag())
                .setModificationTimeMillis(transaction.getTimeMillis());
        SyncedVersions.retract(mutation, bucket, open.getKey(), request.getBlocksList());
        KeyConditions conditions = new KeyConditions(open.getIfNoneMatch(), open.getIfMatch());
        if (conditions.any()) {
            conditions.check(
                    KeyLayouts.of(bucket).lookup(mutation, bucket, request.getName()),
                    OmStatus.CONDITIONAL_REQUEST_CONFLICT,
                    request.getName());
        }
        String versionId = KeyVersions.commit(mutation, bucket, key);
        mutation.delete(
                OmSchema.OPEN_KEYS,
                RowKeys.openKey(request.getVolume(), request.getBucket(), request.getName(), request.getClientId()));
        DeletedKeys.add(mutation, unusedBlocks(open.getKey(), request.getBlocksList()));
        return versionId.isEmpty()
                ? CommitKeyResponse.getDefaultInstance()
                : CommitKeyResponse.newBuilder().setVersionId(versionId).build();
    }

    /** The key with the commit's metadata merged in (a commit value replaces the create value of the same name). */
    private static KeyInfo withCommitMetadata(KeyInfo key, List<KeyValue> commitMetadata) {
        if (commitMetadata.isEmpty()) {
            return key;
        }
        Set<String> names = new HashSet<>();
        commitMetadata.forEach(pair -> names.add(pair.getKey()));
        KeyInfo.Builder merged = key.toBuilder().clearMetadata();
        key.getMetadataList().stream()
                .filter(pair -> !names.contains(pair.getKey()))
                .forEach(merged::addMetadata);
        return merged.addAllMetadata(commitMetadata).build();
    }

    /** The allocated blocks the client did not use, as a block-only key for the deleted table. */
    static KeyInfo unusedBlocks(KeyInfo allocated, List<BlockLocation> used) {
        Set<String> usedIds = new HashSet<>();
        for (BlockLocation block : used) {
            usedIds.add(blockId(block));
        }
        KeyInfo.Builder unused = allocated.toBuilder().clearBlocks();
        for (BlockLocation block : allocated.getBlocksList()) {
            if (!usedIds.contains(blockId(block))) {
                unused.addBlocks(block);
            }
        }
        return unused.build();
    }

    private static String blockId(BlockLocation block) {
        return block.getBlockId().getContainerId() + "/" + block.getBlockId().getLocalId();
    }
}
