package dev.o3.om.request;

import dev.o3.om.db.OmSchema;
import dev.o3.om.db.ReadView;
import dev.o3.om.db.RowKeys;
import dev.o3.proto.om.BucketInfo;
import dev.o3.proto.om.OmStatus;
import dev.o3.proto.om.OmTransaction;
import dev.o3.proto.om.VolumeInfo;

/** Finds volumes and buckets or fails with the status a client expects. */
public final class Lookups {
    private Lookups() {}

    /**
     * A volume.
     *
     * @throws OmException VOLUME_NOT_FOUND
     */
    public static VolumeInfo volume(ReadView view, String volume) throws OmException {
        return view.get(OmSchema.VOLUMES, RowKeys.volume(volume))
                .orElseThrow(() -> new OmException(OmStatus.VOLUME_NOT_FOUND, "volume not found: " + volume));
    }

    /**
     * A bucket.
     *
     * @throws OmException BUCKET_NOT_FOUND, or VOLUME_NOT_FOUND when the volume is missing too
     */
    public static BucketInfo bucket(ReadView view, String volume, String bucket) throws OmException {
        var found = view.get(OmSchema.BUCKETS, RowKeys.bucket(volume, bucket));
        if (found.isPresent()) {
            return found.get();
        }
        volume(view, volume);
        throw new OmException(OmStatus.BUCKET_NOT_FOUND, "bucket not found: " + volume + "/" + bucket);
    }

    /**
     * Checks that the caller may change keys of a bucket: administrator, bucket or volume owner, or a public-read-write
     * bucket.
     *
     * @throws OmException PERMISSION_DENIED
     */
    public static void checkWrite(ReadView view, Caller caller, BucketInfo bucket) throws OmException {
        if (caller.ownsOrAdmin(bucket.getOwner()) || "public-read-write".equals(bucket.getAcl())) {
            return;
        }
        checkVolumeOwner(view, caller, bucket.getVolume(), "write to bucket " + bucket.getName());
    }

    /**
     * Checks that the caller may read keys of a bucket (also public-read and authenticated-read buckets).
     *
     * @throws OmException PERMISSION_DENIED
     */
    public static void checkRead(ReadView view, Caller caller, BucketInfo bucket) throws OmException {
        String acl = bucket.getAcl();
        if (acl.startsWith("public-read") || acl.equals("authenticated-read")) {
            return;
        }
        checkWrite(view, caller, bucket);
    }

    /**
     * Checks that the caller owns the volume or is an administrator.
     *
     * @throws OmException PERMISSION_DENIED otherwise
     */
    public static void checkVolumeOwner(ReadView view, Caller caller, String volume, String action) throws OmException {
        VolumeInfo info = volume(view, volume);
        if (!caller.ownsOrAdmin(info.getOwner())) {
            throw new OmException(
                    OmStatus.PERMISSION_DENIED, caller.user() + " may not " + action + " (volume " + volume + ")");
        }
    }

    /** The caller a logged transaction acts for. */
    public static Caller caller(OmTransaction transaction) {
        return new Caller(transaction.getUser(), transaction.getAdmin());
    }
}
