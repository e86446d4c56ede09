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
import dev.o3.proto.om.OmTransaction;

/** Deletes one key, or (FSO) a directory: recursively in one O(1) step when asked. Also serves DeleteKeys. */
public final class DeleteKeyHandler implements WriteRequest {
    @Override
    public Message apply(Mutation mutation, OmTransaction transaction) throws OmException {
        if (transaction.hasDeleteKeys()) {
            return deleteMany(mutation, transaction);
        }
        DeleteKeyRequest request = transaction.getDeleteKey();
        BucketInfo bucket = Lookups.bucket(mutation, request.getVolume(), request.getBucket());
        Lookups.checkWrite(mutation, Lookups.caller(transaction), bucket);
        delete(mutation, bucket, request.getName(), request.getRecursive());
        return DeleteKeyResponse.getDefaultInstance();
    }

    private static Message deleteMany(Mutation mutation, OmTransaction transaction) throws OmException {
        DeleteKeysRequest request = transaction.getDeleteKeys();
        BucketInfo bucket = Lookups.bucket(mutation, request.getVolume(), request.getBucket());
        Caller caller = Lookups.caller(transaction);
        DeleteKeysResponse.Builder response = DeleteKeysResponse.newBuilder();
        for (String name : request.getNamesList()) {
            try {
                // Per key: a bucket policy may deny some keys and not others, as S3 reports per key.
                Lookups.checkWrite(mutation, caller.doing("s3:DeleteObject", name), bucket);
                delete(mutation, bucket, name, false);
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

    /** Removes a key (or FSO directory) and hands a key's blocks to the deleted-keys table. */
    public static void delete(Mutation mutation, BucketInfo bucket, String name, boolean recursive) throws OmException {
        KeyLayout layout = KeyLayouts.of(bucket);
        layout.checkName(name);
        KeyInfo removed = layout.remove(mutation, bucket, name, recursive);
        if (!removed.getIsDirectory()) {
            DeletedKeys.add(mutation, removed);
            BucketUsage.update(mutation, bucket, -BucketUsage.bytes(removed), -1);
        }
    }
}
