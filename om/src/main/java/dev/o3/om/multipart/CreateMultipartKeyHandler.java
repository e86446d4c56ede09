package dev.o3.om.multipart;

import com.google.protobuf.Message;
import dev.o3.om.db.Mutation;
import dev.o3.om.db.OmSchema;
import dev.o3.om.db.RowKeys;
import dev.o3.om.request.Lookups;
import dev.o3.om.request.OmException;
import dev.o3.om.request.WriteRequest;
import dev.o3.proto.om.CreateKeyResponse;
import dev.o3.proto.om.CreateMultipartKeyRequest;
import dev.o3.proto.om.KeyInfo;
import dev.o3.proto.om.MultipartUploadRecord;
import dev.o3.proto.om.OmStatus;
import dev.o3.proto.om.OmTransaction;
import dev.o3.proto.om.OpenKeyRecord;

/** Opens a session to write one part (1-10000) of a multipart upload, with the blocks the leader allocated. */
public final class CreateMultipartKeyHandler implements WriteRequest {
    static final int MAX_PART_NUMBER = 10_000;

    @Override
    public Message apply(Mutation mutation, OmTransaction transaction) throws OmException {
        CreateMultipartKeyRequest request = transaction.getCreateMultipartKey();
        Lookups.checkWrite(
                mutation,
                Lookups.caller(transaction),
                Lookups.bucket(mutation, request.getVolume(), request.getBucket()));
        MultipartUploadRecord upload = Uploads.find(
                mutation, request.getVolume(), request.getBucket(), request.getName(), request.getUploadId());
        if (request.getPartNumber() < 1 || request.getPartNumber() > MAX_PART_NUMBER) {
            throw new OmException(
                    OmStatus.INVALID_REQUEST,
                    "part number must be 1-" + MAX_PART_NUMBER + ": " + request.getPartNumber());
        }
        KeyInfo part = KeyInfo.newBuilder()
                .setVolume(request.getVolume())
                .setBucket(request.getBucket())
                .setName(request.getName())
                .setSize(request.getSize())
                .addAllBlocks(transaction.getAllocatedBlocksList())
                .setReplication(upload.getReplication())
                .setCreationTimeMillis(transaction.getTimeMillis())
                .setModificationTimeMillis(transaction.getTimeMillis())
                .setObjectId(mutation.nextObjectId())
                .build();
        mutation.put(
                OmSchema.OPEN_KEYS,
                RowKeys.openKey(request.getVolume(), request.getBucket(), request.getName(), transaction.getClientId()),
                OpenKeyRecord.newBuilder()
                        .setKey(part)
                        .setClientId(transaction.getClientId())
                        .setUploadId(request.getUploadId())
                        .setPartNumber(request.getPartNumber())
                        .build());
        return CreateKeyResponse.newBuilder()
                .setClientId(transaction.getClientId())
                .setKey(part)
                .build();
    }
}
