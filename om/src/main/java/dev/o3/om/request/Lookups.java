package dev.o3.om.request;

import dev.o3.common.acl.CannedAcl;
import dev.o3.om.db.OmSchema;
import dev.o3.om.db.ReadView;
import dev.o3.om.db.RowKeys;
import dev.o3.om.policy.BucketActions;
import dev.o3.om.policy.Decision;
import dev.o3.om.policy.PolicyEvaluator;
import dev.o3.proto.om.AclGrant;
import dev.o3.proto.om.AclPermission;
import dev.o3.proto.om.BucketInfo;
import dev.o3.proto.om.OmStatus;
import dev.o3.proto.om.OmTransaction;
import dev.o3.proto.om.VolumeInfo;
import java.util.List;

/**
 * Finds volumes and buckets or fails with the status a client expects, and checks what a caller may do with them:
 * owners (of the bucket or its volume) and administrators have full control, the bucket's grants ({@link Grants}) let
 * others list and read (READ) or write (WRITE) its keys, and a key's own grants let others read that key
 * ({@code KeyReads}). The bucket's policy comes
 * first, as in S3: a statement denying the caller's action wins over ownership and ACLs (administrators excepted),
 * one allowing it lets the caller in whatever the ACLs say.
 */
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
     * Checks that the caller may change keys of a bucket: its owners (see {@link #checkOwner}), or anyone the bucket's
     * grants give WRITE.
     *
     * @throws OmException PERMISSION_DENIED
     */
    public static void checkWrite(ReadView view, Caller caller, BucketInfo bucket) throws OmException {
        Decision decision = policy(caller, bucket);
        if (decision == Decision.ALLOW
                || (decision == Decision.NONE && Grants.permits(caller, grants(bucket), AclPermission.ACL_WRITE))) {
            return;
        }
        if (decision == Decision.DENY || !owns(view, caller, bucket)) {
            throw denied(caller, "write to bucket " + bucket.getName());
        }
    }

    /**
     * Checks that the caller may read a bucket, list it and read its keys: its owners, or anyone its grants give READ.
     *
     * @throws OmException PERMISSION_DENIED
     */
    public static void checkRead(ReadView view, Caller caller, BucketInfo bucket) throws OmException {
        if (!mayRead(view, caller, bucket)) {
            throw denied(caller, "read bucket " + bucket.getName());
        }
    }

    /** Whether {@link #checkRead} lets the caller in. */
    public static boolean mayRead(ReadView view, Caller caller, BucketInfo bucket) throws OmException {
        Decision decision = policy(caller, bucket);
        if (decision != Decision.NONE) {
            return decision == Decision.ALLOW;
        }
        return Grants.permits(caller, grants(bucket), AclPermission.ACL_READ) || owns(view, caller, bucket);
    }

    /** The grants the bucket is judged by ({@link Grants#effective}). */
    public static List<AclGrant> grants(BucketInfo bucket) throws OmException {
        return Grants.effective(bucket.getAcl(), bucket.getGrantsList());
    }

    /**
     * Checks that the caller may read ({@code ACL_READ_ACP}) or change ({@code ACL_WRITE_ACP}) an ACL whose grants are
     * {@code grants}: the bucket's owners, a caller those grants give the permission, or one the bucket policy allows
     * the action; a policy Deny wins over grants and ownership (administrators excepted).
     *
     * @throws OmException PERMISSION_DENIED
     */
    public static void checkAcp(
            ReadView view, Caller caller, BucketInfo bucket, List<AclGrant> grants, AclPermission permission)
            throws OmException {
        Decision decision = policy(caller, bucket);
        if (decision == Decision.ALLOW
                || (decision == Decision.NONE
                        && (Grants.permits(caller, grants, permission) || owns(view, caller, bucket)))) {
            return;
        }
        throw denied(caller, (permission == AclPermission.ACL_READ_ACP ? "read" : "change") + " the ACL");
    }

    /**
     * The bucket policy's decision on the caller's {@link Caller#access()}; administrators are never denied, and
     * nothing denies an owner the policy operations, so no policy locks its bucket's owner out.
     */
    public static Decision policy(Caller caller, BucketInfo bucket) {
        if (!bucket.getConfig().hasPolicy()) {
            return Decision.NONE;
        }
        Decision decision = PolicyEvaluator.evaluate(
                bucket.getConfig().getPolicy(),
                bucket.getName(),
                caller.anonymous() ? "" : caller.user(),
                caller.access());
        if (decision == Decision.DENY && (caller.admin() || policyAction(caller))) {
            return Decision.NONE;
        }
        return decision;
    }

    private static boolean policyAction(Caller caller) {
        return caller.access().action().endsWith("BucketPolicy");
    }

    /**
     * Checks that the caller owns the bucket or its volume, or is an administrator: what deleting a bucket and reading
     * or changing ACLs take.
     *
     * @throws OmException PERMISSION_DENIED
     */
    public static void checkOwner(ReadView view, Caller caller, BucketInfo bucket, String action) throws OmException {
        Decision decision = policy(caller, bucket);
        if (decision == Decision.DENY
                || (decision == Decision.NONE && !owns(view, caller, bucket))
                || (decision == Decision.ALLOW && policyAction(caller) && !owns(view, caller, bucket))) {
            throw denied(caller, action);
        }
    }

    /**
     * Checks that the caller owns the volume or is an administrator.
     *
     * @throws OmException PERMISSION_DENIED otherwise
     */
    public static void checkVolumeOwner(ReadView view, Caller caller, String volume, String action) throws OmException {
        VolumeInfo info = volume(view, volume);
        if (!caller.ownsOrAdmin(info.getOwner())) {
            throw denied(caller, action + " (volume " + volume + ")");
        }
    }

    /**
     * A stored or requested canned ACL; empty is private.
     *
     * @throws OmException INVALID_REQUEST for a value that names no canned ACL
     */
    public static CannedAcl acl(String value) throws OmException {
        try {
            return CannedAcl.parse(value);
        } catch (IllegalArgumentException e) {
            throw new OmException(OmStatus.INVALID_REQUEST, e.getMessage());
        }
    }

    /** Whether the caller owns the bucket or its volume, or is an administrator; policies aside. */
    public static boolean owns(ReadView view, Caller caller, BucketInfo bucket) throws OmException {
        return caller.ownsOrAdmin(bucket.getOwner())
                || caller.ownsOrAdmin(volume(view, bucket.getVolume()).getOwner());
    }

    private static OmException denied(Caller caller, String action) {
        return new OmException(OmStatus.PERMISSION_DENIED, caller.user() + " may not " + action);
    }

    /** The caller a logged transaction acts for, asking for the S3 action of its request. */
    public static Caller caller(OmTransaction transaction) {
        return new Caller(
                transaction.getUser(),
                transaction.getAdmin(),
                transaction.getAnonymous(),
                BucketActions.of(transaction));
    }
}
