package dev.o3.om.key;

import dev.o3.om.db.ReadView;
import dev.o3.om.policy.Decision;
import dev.o3.om.request.Caller;
import dev.o3.om.request.Grants;
import dev.o3.om.request.Lookups;
import dev.o3.om.request.OmException;
import dev.o3.proto.om.AclPermission;
import dev.o3.proto.om.BucketInfo;
import dev.o3.proto.om.KeyInfo;
import dev.o3.proto.om.ListKeyVersionsRequest;
import dev.o3.proto.om.ListKeyVersionsResponse;
import dev.o3.proto.om.ListKeysRequest;
import dev.o3.proto.om.ListKeysResponse;
import dev.o3.proto.om.OmStatus;
import java.util.Optional;

/**
 * Key reads through the bucket's layout: lookup, listing and file status. Whoever may read the bucket reads its keys;
 * others read a key only when its own ACL lets them, and learn nothing of keys that do not exist (S3 answers
 * AccessDenied rather than NoSuchKey to callers who may not list the bucket). Stateless.
 */
public final class KeyReads {
    private KeyReads() {}

    public static KeyInfo lookup(ReadView view, Caller who, String volume, String bucket, String name)
            throws OmException {
        return lookup(view, who, volume, bucket, name, "");
    }

    /**
     * A key's current version, or with {@code versionId} that version (NO_SUCH_VERSION, METHOD_NOT_ALLOWED for a
     * delete marker); in a versioned bucket with its version id ("null" for the null version).
     */
    public static KeyInfo lookup(ReadView view, Caller who, String volume, String bucket, String name, String versionId)
            throws OmException {
        Caller caller = who.doing(versionId.isEmpty() ? "s3:GetObject" : "s3:GetObjectVersion", name);
        BucketInfo info = Lookups.bucket(view, volume, bucket);
        KeyLayout layout = KeyLayouts.of(info);
        layout.checkName(name);
        if (!versionId.isEmpty()) {
            Lookups.checkRead(view, caller, info);
            return KeyVersions.lookup(view, info, name, versionId);
        }
        Optional<KeyInfo> key = layout.lookup(view, info, name);
        if (KeyVersions.isVersioned(info)) {
            key = key.map(KeyVersions::shown);
        }
        if (!Lookups.mayRead(view, caller, info) && !readableByItsAcl(caller, info, key)) {
            throw denied(caller, info);
        }
        return key.orElseThrow(
                () -> new OmException(OmStatus.KEY_NOT_FOUND, "key not found: " + volume + "/" + bucket + "/" + name));
    }

    public static ListKeysResponse list(ReadView view, Caller who, ListKeysRequest request) throws OmException {
        Caller caller = who.doing("s3:ListBucket", "")
                .withContext("s3:prefix", request.getPrefix())
                .withContext("s3:delimiter", request.getDelimiter())
                .withContext("s3:max-keys", Integer.toString(request.getMaxResults()));
        BucketInfo info = Lookups.bucket(view, request.getVolume(), request.getBucket());
        Lookups.checkRead(view, caller, info);
        return KeyLayouts.of(info).list(view, info, request);
    }

    /** One page of every version and delete marker of the bucket's keys (S3 ListObjectVersions). */
    public static ListKeyVersionsResponse listVersions(ReadView view, Caller who, ListKeyVersionsRequest request)
            throws OmException {
        Caller caller = who.doing("s3:ListBucketVersions", "").withContext("s3:prefix", request.getPrefix());
        BucketInfo info = Lookups.bucket(view, request.getVolume(), request.getBucket());
        Lookups.checkRead(view, caller, info);
        KeyVersions.checkObjectStore(info);
        return new KeyVersionListing(view, info, request).page();
    }

    public static KeyInfo status(ReadView view, Caller who, String volume, String bucket, String path)
            throws OmException {
        Caller caller = who.doing("s3:GetObject", path);
        BucketInfo info = Lookups.bucket(view, volume, bucket);
        KeyLayout layout = KeyLayouts.of(info);
        if (Lookups.mayRead(view, caller, info)) {
            return layout.status(view, info, path);
        }
        KeyInfo status;
        try {
            status = layout.status(view, info, path);
        } catch (OmException e) {
            throw denied(caller, info);
        }
        if (status.getIsDirectory() || !readableByItsAcl(caller, info, Optional.of(status))) {
            throw denied(caller, info);
        }
        return status;
    }

    /** A key's own grants let the caller read it, unless the bucket's policy denies it. */
    private static boolean readableByItsAcl(Caller caller, BucketInfo bucket, Optional<KeyInfo> key)
            throws OmException {
        return key.isPresent()
                && Grants.permits(
                        caller, Grants.effective(key.get().getAcl(), key.get().getGrantsList()), AclPermission.ACL_READ)
                && Lookups.policy(caller, bucket) != Decision.DENY;
    }

    private static OmException denied(Caller caller, BucketInfo bucket) {
        return new OmException(
                OmStatus.PERMISSION_DENIED, caller.user() + " may not read this key of bucket " + bucket.getName());
    }
}
