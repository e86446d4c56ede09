package dev.o3.om.key;

import com.google.protobuf.Message;
import dev.o3.om.db.Mutation;
import dev.o3.om.request.Caller;
import dev.o3.om.request.Lookups;
import dev.o3.om.request.OmException;
import dev.o3.om.request.WriteRequest;
import dev.o3.proto.om.BucketInfo;
import dev.o3.proto.om.DeleteKeyRequest;
import dev.o3.proto.om.DeleteKeyResponse;
import dev.o3.proto.om.DeleteKeysRequest;
import dev.o3.proto.om.DeleteKeysResponse;
import dev.o3.proto.om.KeyInfo;
import dev.o3.proto.om.OmError;
import dev.o3.proto.om.OmStatus;
import dev.o3.proto.om.OmTransaction;

/**
 * Deletes one key, or (FSO) a directory: recursively in one O(1) step when asked. Also serves DeleteKeys. In a
 * versioned bucket a delete without a version id adds a delete marker; with one it removes that version
 * ({@link KeyVersions}).
 */
public final class DeleteKeyHandler implements WriteRequest {
    @Override
    public Message apply(Mutation mutation, OmTransaction transaction) throws OmException {
        if (transaction.hasDeleteKeys()) {
            return deleteMany(mutation, transaction);
        }
        DeleteKeyRequest request = transaction.getDeleteKey();
        BucketInfo bucket = Lookups.bucket(mutation, request.getVolume(), request.getBucket());
        Lookups.checkWrite(mutation, Lookups.caller(transaction), bucket);
        return delete(
                mutation,
                bucket,
                request.getName(),
                request.getVersionId(),
                request.getRecursive(),
                transaction.getTimeMillis());
    }

    private static Message deleteMany(Mutation mutation, OmTransaction transaction) throws OmException {
        DeleteKeysRequest request = transaction.getDeleteKeys();
        BucketInfo bucket = Lookups.bucket(mutation, request.getVolume(), request.getBucket());
        Caller caller = Lookups.caller(transaction);
        if (request.getVersionIdsCount() != 0 && request.getVersionIdsCount() != request.getNamesCount()) {
            throw new OmException(OmStatus.INVALID_REQUEST, "version_ids must be empty or one per name");
        }
        DeleteKeysResponse.Builder response = DeleteKeysResponse.newBuilder();
        for (int i = 0; i < request.getNamesCount(); i++) {
            String name = request.getNames(i);
            String versionId = request.getVersionIdsCount() == 0 ? "" : request.getVersionIds(i);
            try {
                // Per key: a bucket policy may deny some keys and not others, as S3 reports per key.
                Lookups.checkWrite(mutation, caller.doing("s3:DeleteObject", name), bucket);
                response.addDeletedVersions(
                        delete(mutation, bucket, name, versionId, false, transaction.getTimeMillis()));
                response.addDeleted(name);
            } catch (OmException e) {
                response.addFailedNames(name);
                response.addFailures(OmError.newBuilder()
                        .setStatus(e.status())
                        .setMessage(e.getMessage())
                        .build());
            }
        }
        return response.build();
    }

    /**
     * Removes a key (or FSO directory) and hands a key's blocks to the deleted-keys table; in a versioned bucket adds
     * a delete marker instead, and with {@code versionId} removes that version.
     */
    public static DeleteKeyResponse delete(
            Mutation mutation, BucketInfo bucket, String name, String versionId, boolean recursive, long timeMillis)
            throws OmException {
        KeyLayout layout = KeyLayouts.of(bucket);
        layout.checkName(name);
        if (!versionId.isEmpty()) {
            return KeyVersions.deleteVersion(mutation, bucket, name, versionId);
        }
        if (KeyVersions.isVersioned(bucket)) {
            return KeyVersions.addDeleteMarker(mutation, bucket, name, timeMillis);
        }
        KeyInfo removed = layout.remove(mutation, bucket, name, recursive);
        if (!removed.getIsDirectory()) {
            DeletedKeys.add(mutation, removed);
            BucketUsage.update(mutation, bucket, -BucketUsage.bytes(removed), -1);
        }
        return DeleteKeyResponse.getDefaultInstance();
    }
}
