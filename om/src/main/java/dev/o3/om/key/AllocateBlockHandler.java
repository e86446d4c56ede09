package dev.o3.om.key;

import com.google.protobuf.Message;
import dev.o3.om.db.Mutation;
import dev.o3.om.db.OmSchema;
import dev.o3.om.db.RowKeys;
import dev.o3.om.request.Lookups;
import dev.o3.om.request.OmException;
import dev.o3.om.request.WriteRequest;
import dev.o3.proto.om.AllocateBlockRequest;
import dev.o3.proto.om.AllocateBlockResponse;
import dev.o3.proto.om.OmStatus;
import dev.o3.proto.om.OmTransaction;
import dev.o3.proto.om.OpenKeyRecord;

/** Adds a block (allocated by the leader from SCM) to an open key. */
public final class AllocateBlockHandler implements WriteRequest {
    @Override
    public Message apply(Mutation mutation, OmTransaction transaction) throws OmException {
        AllocateBlockRequest request = transaction.getAllocateBlock();
        Lookups.checkWrite(
                mutation,
                Lookups.caller(transaction),
                Lookups.bucket(mutation, request.getVolume(), request.getBucket()));
        OpenKeyRecord open = OpenKeys.find(
                mutation, request.getVolume(), request.getBucket(), request.getName(), request.getClientId());
        if (transaction.getAllocatedBlocksCount() == 0) {
            throw new OmException(OmStatus.SCM_UNAVAILABLE, "no block was allocated");
        }
        OpenKeyRecord.Builder updated = open.toBuilder();
        updated.getKeyBuilder()
                .addAllBlocks(transaction.getAllocatedBlocksList())
                .setModificationTimeMillis(transaction.getTimeMillis());
        mutation.put(
                OmSchema.OPEN_KEYS,
                RowKeys.openKey(request.getVolume(), request.getBucket(), request.getName(), request.getClientId()),
                updated.build());
        return AllocateBlockResponse.newBuilder()
                .setBlock(transaction.getAllocatedBlocks(0))
                .build();
    }
}
