package dev.o3.om.volume;

import com.google.protobuf.Message;
import dev.o3.om.db.Mutation;
import dev.o3.om.db.OmSchema;
import dev.o3.om.db.RowKeys;
import dev.o3.om.request.Lookups;
import dev.o3.om.request.OmException;
import dev.o3.om.request.WriteRequest;
import dev.o3.proto.om.OmStatus;
import dev.o3.proto.om.OmTransaction;
import dev.o3.proto.om.SetVolumePropertyRequest;
import dev.o3.proto.om.SetVolumePropertyResponse;
import dev.o3.proto.om.VolumeInfo;

/** Changes a volume's owner (administrators) or quotas (owner or administrator). */
public final class SetVolumePropertyHandler implements WriteRequest {
    @Override
    public Message apply(Mutation mutation, OmTransaction transaction) throws OmException {
        SetVolumePropertyRequest request = transaction.getSetVolumeProperty();
        VolumeInfo volume = Lookups.volume(mutation, request.getName());
        Lookups.checkVolumeOwner(mutation, Lookups.caller(transaction), request.getName(), "change the volume");
        VolumeInfo.Builder updated = volume.toBuilder().setModificationTimeMillis(transaction.getTimeMillis());
        if (!request.getOwner().isEmpty()) {
            if (!transaction.getAdmin()) {
                throw new OmException(OmStatus.PERMISSION_DENIED, "only administrators change volume owners");
            }
            updated.setOwner(request.getOwner());
        }
        if (request.hasQuotaInBytes()) {
            updated.setQuotaInBytes(checkQuota(request.getQuotaInBytes()));
        }
        if (request.hasQuotaInNamespace()) {
            updated.setQuotaInNamespace(checkQuota(request.getQuotaInNamespace()));
        }
        mutation.put(OmSchema.VOLUMES, RowKeys.volume(request.getName()), updated.build());
        return SetVolumePropertyResponse.getDefaultInstance();
    }

    private static long checkQuota(long quota) throws OmException {
        if (quota == 0 || quota < -1) {
            throw new OmException(OmStatus.INVALID_REQUEST, "quota must be positive or -1 (none), got " + quota);
        }
        return quota;
    }
}
