package dev.o3.om.fso;

import com.google.protobuf.Message;
import dev.o3.om.db.Mutation;
import dev.o3.om.key.KeyLayouts;
import dev.o3.om.request.Lookups;
import dev.o3.om.request.OmException;
import dev.o3.om.request.WriteRequest;
import dev.o3.proto.om.BucketInfo;
import dev.o3.proto.om.CreateDirectoryRequest;
import dev.o3.proto.om.CreateDirectoryResponse;
import dev.o3.proto.om.OmTransaction;

/** Creates a directory and its missing parents (mkdirs semantics: an existing directory is fine). */
public final class CreateDirectoryHandler implements WriteRequest {
    @Override
    public Message apply(Mutation mutation, OmTransaction transaction) throws OmException {
        CreateDirectoryRequest request = transaction.getCreateDirectory();
        BucketInfo bucket = Lookups.bucket(mutation, request.getVolume(), request.getBucket());
        Lookups.checkWrite(mutation, Lookups.caller(transaction), bucket);
        KeyLayouts.of(bucket).createDirectory(mutation, bucket, request.getPath(), transaction.getTimeMillis());
        return CreateDirectoryResponse.getDefaultInstance();
    }
}
