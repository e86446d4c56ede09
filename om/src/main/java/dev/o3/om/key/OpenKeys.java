package dev.o3.om.key;

import dev.o3.om.db.OmSchema;
import dev.o3.om.db.ReadView;
import dev.o3.om.db.RowKeys;
import dev.o3.om.request.OmException;
import dev.o3.proto.om.OmStatus;
import dev.o3.proto.om.OpenKeyRecord;

/** Finds open-key sessions. */
public final class OpenKeys {
    private OpenKeys() {}

    /**
     * The open-key session of a key.
     *
     * @throws OmException KEY_NOT_FOUND when there is no such session (never opened, committed or expired)
     */
    public static OpenKeyRecord find(ReadView view, String volume, String bucket, String key, long clientId)
            throws OmException {
        return view.get(OmSchema.OPEN_KEYS, RowKeys.openKey(volume, bucket, key, clientId))
                .orElseThrow(() -> new OmException(
                        OmStatus.KEY_NOT_FOUND,
                        "no open session " + clientId + " for " + volume + "/" + bucket + "/" + key));
    }
}
