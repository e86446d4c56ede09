package dev.o3.om.volume;

import com.google.protobuf.Message;
import dev.o3.om.db.Mutation;
import dev.o3.om.db.OmSchema;
import dev.o3.om.db.RowKeys;
import dev.o3.om.request.Names;
import dev.o3.om.request.OmException;
import dev.o3.om.request.WriteRequest;
import dev.o3.proto.om.CreateVolumeRequest;
import dev.o3.proto.om.CreateVolumeResponse;
import dev.o3.proto.om.OmStatus;
import dev.o3.proto.om.OmTransaction;
import dev.o3.proto.om.VolumeInfo;

/** Creates a volume; administrators only. */
public final class CreateVolumeHandler implements WriteRequest {
    @Override
    public Message apply(Mutation mutation, OmTransaction transaction) throws OmException {
        CreateVolumeRequest request = transaction.getCreateVolume();
        VolumeInfo volume = request.getVolume();
        Names.checkVolume(volume.getName());
        if (!transaction.getAdmin()) {
            throw new OmException(OmStatus.PERMISSION_DENIED, transaction.getUser() + " may not create volumes");
        }
        String row = RowKeys.volume(volume.getName());
        if (mutation.get(OmSchema.VOLUMES, row).isPresent()) {
            throw new OmException(OmStatus.VOLUME_ALREADY_EXISTS, "volume exists: " + volume.getName());
        }
        VolumeInfo.Builder stored = volume.toBuilder()
                .setCreationTimeMillis(transaction.getTimeMillis())
                .setModificationTimeMillis(transaction.getTimeMillis())
                .setUsedBytes(0);
        if (volume.getOwner().isEmpty()) {
            stored.setOwner(transaction.getUser());
        }
        if (volume.getAdmin().isEmpty()) {
            stored.setAdmin(transaction.getUser());
        }
        if (volume.getQuotaInBytes() == 0) {
            stored.setQuotaInBytes(-1);
        }
        if (volume.getQuotaInNamespace() == 0) {
            stored.setQuotaInNamespace(-1);
        }
        mutation.put(OmSchema.VOLUMES, row, stored.build());
        return CreateVolumeResponse.getDefaultInstance();
    }
}
