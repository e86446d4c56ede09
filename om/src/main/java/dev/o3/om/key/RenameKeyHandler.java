package dev.o3.om.key;

import com.google.protobuf.Message;
import dev.o3.om.db.Mutation;
import dev.o3.om.request.Lookups;
import dev.o3.om.request.OmException;
import dev.o3.om.request.WriteRequest;
import dev.o3.proto.om.BucketInfo;
import dev.o3.proto.om.OmTransaction;
import dev.o3.proto.om.RenameKeyRequest;
import dev.o3.proto.om.RenameKeyResponse;

/** Renames a key; in an FSO bucket also a directory, atomically in one row write. */
public final class RenameKeyHandler implements WriteRequest {
    @Override
    public Message apply(Mutation mutation, OmTransaction transaction) throws OmException {
        RenameKeyRequest request = transaction.getRenameKey();
        BucketInfo bucket = Lookups.bucket(mutation, request.getVolume(), request.getBucket());
        Lookups.checkWrite(mutation, Lookups.caller(transaction), bucket);
        KeyLayout layout = KeyLayouts.of(bucket);
        layout.checkName(request.getFromName());
        layout.checkName(request.getToName());
        layout.rename(mutation, bucket, request.getFromName(), request.getToName(), transaction.getTimeMillis());
        return RenameKeyResponse.getDefaultInstance();
    }
}
