package dev.o3.om.volume;

import com.google.protobuf.Message;
import dev.o3.om.db.Mutation;
import dev.o3.om.db.OmSchema;
import dev.o3.om.db.RowKeys;
import dev.o3.om.request.Lookups;
import dev.o3.om.request.OmException;
import dev.o3.om.request.WriteRequest;
import dev.o3.proto.om.DeleteVolumeResponse;
import dev.o3.proto.om.OmStatus;
import dev.o3.proto.om.OmTransaction;

/** Deletes an empty volume; owner or administrator. */
public final class DeleteVolumeHandler implements WriteRequest {
    @Override
    public Message apply(Mutation mutation, OmTransaction transaction) throws OmException {
        String name = transaction.getDeleteVolume().getName();
        Lookups.checkVolumeOwner(mutation, Lookups.caller(transaction), name, "delete the volume");
        String buckets = RowKeys.bucketsOf(name);
        if (!mutation.scan(OmSchema.BUCKETS, buckets, buckets, 1).isEmpty()) {
            throw new OmException(OmStatus.VOLUME_NOT_EMPTY, "volume has buckets: " + name);
        }
        mutation.delete(OmSchema.VOLUMES, RowKeys.volume(name));
        return DeleteVolumeResponse.getDefaultInstance();
    }
}
