package dev.o3.om.multipart;

import com.google.protobuf.Message;
import dev.o3.om.db.Mutation;
import dev.o3.om.db.OmSchema;
import dev.o3.om.db.RowKeys;
import dev.o3.om.key.DeletedKeys;
import dev.o3.om.key.OpenKeys;
import dev.o3.om.request.Lookups;
import dev.o3.om.request.OmException;
import dev.o3.om.request.WriteRequest;
import dev.o3.proto.om.CommitMultipartPartRequest;
import dev.o3.proto.om.CommitMultipartPartResponse;
import dev.o3.proto.om.KeyInfo;
import dev.o3.proto.om.MultipartUploadRecord;
import dev.o3.proto.om.OmStatus;
import dev.o3.proto.om.OmTransaction;
import dev.o3.proto.om.OpenKeyRecord;
import dev.o3.proto.om.PartInfo;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/** Records a written part in its upload (a re-uploaded part number replaces the old part, whose blocks are freed). */
public final class CommitMultipartPartHandler implements WriteRequest {
    @Override
    public Message apply(Mutation mutation, OmTransaction transaction) throws OmException {
        CommitMultipartPartRequest request = transaction.getCommitMultipartPart();
        Lookups.checkWrite(
                mutation,
                Lookups.caller(transaction),
                Lookups.bucket(mutation, request.getVolume(), request.getBucket()));
        MultipartUploadRecord upload = Uploads.find(
                mutation, request.getVolume(), request.getBucket(), request.getName(), request.getUploadId());
        OpenKeyRecord open = OpenKeys.find(
                mutation, request.getVolume(), request.getBucket(), request.getName(), request.getClientId());
        if (!open.getUploadId().equals(request.getUploadId())) {
            throw new OmException(
                    OmStatus.INVALID_REQUEST,
                    "session " + request.getClientId() + " is not a part of " + request.getUploadId());
        }
        PartInfo part = request.getPart().toBuilder()
                .setPartNumber(open.getPartNumber())
                .setModificationTimeMillis(transaction.getTimeMillis())
                .build();
        List<PartInfo> parts = new ArrayList<>();
        for (PartInfo existing : upload.getPartsList()) {
            if (existing.getPartNumber() == part.getPartNumber()) {
                DeletedKeys.add(mutation, asKey(upload, existing));
            } else {
                parts.add(existing);
            }
        }
        parts.add(part);
        parts.sort(Comparator.comparingInt(PartInfo::getPartNumber));
        mutation.put(
                OmSchema.MULTIPART_UPLOADS,
                Uploads.row(request.getVolume(), request.getBucket(), request.getName(), request.getUploadId()),
                upload.toBuilder().clearParts().addAllParts(parts).build());
        mutation.delete(
                OmSchema.OPEN_KEYS,
                RowKeys.openKey(request.getVolume(), request.getBucket(), request.getName(), request.getClientId()));
        return CommitMultipartPartResponse.getDefaultInstance();
    }

    /** A part as a block-only key, for the deleted table. */
    static KeyInfo asKey(MultipartUploadRecord upload, PartInfo part) {
        return KeyInfo.newBuilder()
                .setVolume(upload.getVolume())
                .setBucket(upload.getBucket())
                .setName(upload.getName())
                .setSize(part.getSize())
                .addAllBlocks(part.getBlocksList())
                .build();
    }
}
