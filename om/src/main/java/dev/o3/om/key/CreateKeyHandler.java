package dev.o3.om.key;

import com.google.protobuf.Message;
import dev.o3.om.db.Mutation;
import dev.o3.om.db.OmSchema;
import dev.o3.om.db.RowKeys;
import dev.o3.om.request.Grants;
import dev.o3.om.request.Lookups;
import dev.o3.om.request.OmException;
import dev.o3.om.request.WriteRequest;
import dev.o3.proto.om.BucketInfo;
import dev.o3.proto.om.CreateKeyRequest;
import dev.o3.proto.om.CreateKeyResponse;
import dev.o3.proto.om.KeyInfo;
import dev.o3.proto.om.OmStatus;
import dev.o3.proto.om.OmTransaction;
import dev.o3.proto.om.OpenKeyRecord;

/**
 * Opens a key-writing session: an open-key row holding the blocks the leader already got from SCM and the key's canned
 * ACL. The key becomes visible only at {@link CommitKeyHandler commit}. S3 conditions ({@link KeyConditions}) are
 * checked here and kept in the session for the commit. An {@link CreateKeyRequest#getEmpty() empty} key skips the
 * session: it is committed at once with no blocks, as CommitKey would commit it, so a zero-byte key costs one write.
 */
public final class CreateKeyHandler implements WriteRequest {
    /** The ETag of zero bytes (their MD5), as a client commits it for an empty upload. */
    private static final String EMPTY_MD5 = "d41d8cd98f00b204e9800998ecf8427e";

    @Override
    public Message apply(Mutation mutation, OmTransaction transaction) throws OmException {
        CreateKeyRequest request = transaction.getCreateKey();
        BucketInfo bucket = Lookups.bucket(mutation, request.getVolume(), request.getBucket());
        Lookups.checkWrite(mutation, Lookups.caller(transaction), bucket);
        KeyLayout layout = KeyLayouts.of(bucket);
        layout.checkName(request.getName());
        layout.checkCreate(mutation, bucket, request.getName());
        KeyConditions conditions = new KeyConditions(request.getIfNoneMatch(), request.getIfMatch());
        if (conditions.any()) {
            conditions.check(
                    layout.lookup(mutation, bucket, request.getName()),
                    OmStatus.PRECONDITION_FAILED,
                    request.getName());
        }
        String acl =
                request.getAcl().isEmpty() ? "" : Lookups.acl(request.getAcl()).value();
        Grants.check(mutation, bucket.getOwner(), request.getGrantsList());
        KeyInfo key = KeyInfo.newBuilder()
                .setVolume(request.getVolume())
                .setBucket(request.getBucket())
                .setName(request.getName())
                .setSize(request.getSize())
                .addAllBlocks(transaction.getAllocatedBlocksList())
                .setCreationTimeMillis(transaction.getTimeMillis())
                .setModificationTimeMillis(transaction.getTimeMillis())
                .setReplication(request.getReplication())
                .addAllMetadata(request.getMetadataList())
                .addAllTags(request.getTagsList())
                .setContentType(request.getContentType())
                .setAcl(acl)
                .addAllGrants(request.getGrantsList())
                .setObjectId(mutation.nextObjectId())
                .build();
        BucketUsage.checkBytes(bucket, BucketUsage.bytes(key));
        if (request.getEmpty()) {
            return createEmpty(mutation, bucket, key);
        }
        mutation.put(
                OmSchema.OPEN_KEYS,
                RowKeys.openKey(request.getVolume(), request.getBucket(), request.getName(), transaction.getClientId()),
                OpenKeyRecord.newBuilder()
                        .setKey(key)
                        .setClientId(transaction.getClientId())
                        .setIfNoneMatch(request.getIfNoneMatch())
                        .setIfMatch(request.getIfMatch())
                        .build());
        return CreateKeyResponse.newBuilder()
                .setClientId(transaction.getClientId())
                .setKey(key)
                .build();
    }

    private static CreateKeyResponse createEmpty(Mutation mutation, BucketInfo bucket, KeyInfo key) throws OmException {
        if (key.getSize() != 0 || key.getBlocksCount() != 0) {
            throw new OmException(OmStatus.INVALID_REQUEST, "an empty key has size 0 and no blocks");
        }
        KeyInfo.Builder committed = key.toBuilder().setEtag(EMPTY_MD5);
        KeyVersions.commit(mutation, bucket, committed);
        return CreateKeyResponse.newBuilder().setKey(committed).build();
    }
}
