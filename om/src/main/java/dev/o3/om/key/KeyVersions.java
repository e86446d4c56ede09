package dev.o3.om.key;

import dev.o3.om.db.Mutation;
import dev.o3.om.db.OmSchema;
import dev.o3.om.db.ReadView;
import dev.o3.om.db.RowKeys;
import dev.o3.om.request.OmException;
import dev.o3.proto.om.BucketInfo;
import dev.o3.proto.om.BucketLayout;
import dev.o3.proto.om.BucketVersioning;
import dev.o3.proto.om.DeleteKeyResponse;
import dev.o3.proto.om.KeyInfo;
import dev.o3.proto.om.OmStatus;
import dev.o3.server.db.KeyValue;
import java.util.List;
import java.util.Optional;

/**
 * S3 versions of the keys of an OBJECT_STORE bucket. The key table keeps the current version, as in an unversioned
 * bucket, so lookups, listings and the native client see only it; the version table keeps the noncurrent versions and
 * every delete marker ({@link RowKeys#version}). Invariant: a key's row in the key table is its newest version, and a
 * key without one is either gone or has a delete marker as its newest version. Version ids are 16 hex digits of the
 * version's sequence (an object id drawn when it was committed, so ids sort by commit order); the "null" version,
 * written while versioning was never enabled or is suspended, has an empty id. Noncurrent versions keep their bytes
 * and count in the bucket's usage and quotas; delete markers count in neither. Stateless.
 */
public final class KeyVersions {
    /** How S3 names the version of an empty id. */
    public static final String NULL_ID = "null";

    private KeyVersions() {}

    /** Whether writes to the bucket keep older versions (versioning enabled or suspended, OBJECT_STORE only). */
    public static boolean isVersioned(BucketInfo bucket) {
        return bucket.getVersioning() != BucketVersioning.VERSIONING_UNSET
                && bucket.getLayout() != BucketLayout.FILE_SYSTEM_OPTIMIZED;
    }

    /**
     * Stores a committed key as the current version: it replaces (and frees) the key of an unversioned bucket, pushes
     * the current version down to the noncurrent ones when versioning is enabled, and replaces the null version when
     * it is suspended. Updates the bucket's usage.
     *
     * @return the new version's id as S3 reports it: empty in an unversioned bucket, "null" when suspended
     * @throws OmException QUOTA_EXCEEDED
     */
    public static String commit(Mutation mutation, BucketInfo bucket, KeyInfo.Builder key) throws OmException {
        long seq = mutation.nextObjectId();
        if (!isVersioned(bucket)) {
            KeyInfo stored = key.setVersionSeq(seq).build();
            Optional<KeyInfo> replaced = KeyLayouts.of(bucket).put(mutation, bucket, stored);
            replaced.ifPresent(old -> DeletedKeys.add(mutation, old));
            long bytes =
                    BucketUsage.bytes(stored) - replaced.map(BucketUsage::bytes).orElse(0L);
            BucketUsage.update(mutation, bucket, bytes, replaced.isPresent() ? 0 : 1);
            return "";
        }
        boolean enabled = bucket.getVersioning() == BucketVersioning.VERSIONING_ENABLED;
        KeyInfo stored =
                key.setVersionSeq(seq).setVersionId(enabled ? idOf(seq) : "").build();
        Usage usage = new Usage(BucketUsage.bytes(stored), 1);
        demoteCurrent(mutation, bucket, key.getName(), !enabled, usage);
        mutation.put(OmSchema.KEYS, keyRow(bucket, key.getName()), stored);
        BucketUsage.update(mutation, bucket, usage.bytes, usage.count);
        return enabled ? stored.getVersionId() : NULL_ID;
    }

    /**
     * Deletes a key of a versioned bucket without naming a version: adds a delete marker as its newest version (with
     * the null id when versioning is suspended, replacing the null version), whether or not the key exists.
     */
    public static DeleteKeyResponse addDeleteMarker(Mutation mutation, BucketInfo bucket, String name, long timeMillis)
            throws OmException {
        boolean enabled = bucket.getVersioning() == BucketVersioning.VERSIONING_ENABLED;
        long seq = mutation.nextObjectId();
        KeyInfo marker = KeyInfo.newBuilder()
                .setVolume(bucket.getVolume())
                .setBucket(bucket.getName())
                .setName(name)
                .setDeleteMarker(true)
                .setObjectId(seq)
                .setVersionSeq(seq)
                .setVersionId(enabled ? idOf(seq) : "")
                .setCreationTimeMillis(timeMillis)
                .setModificationTimeMillis(timeMillis)
                .build();
        Usage usage = new Usage(0, 0);
        demoteCurrent(mutation, bucket, name, !enabled, usage);
        mutation.delete(OmSchema.KEYS, keyRow(bucket, name));
        mutation.put(OmSchema.VERSIONS, versionRow(bucket, marker), marker);
        BucketUsage.update(mutation, bucket, usage.bytes, usage.count);
        return DeleteKeyResponse.newBuilder()
                .setVersionId(shownId(marker))
                .setDeleteMarker(true)
                .build();
    }

    /**
     * Removes one version (or delete marker) for good and frees it; when it was the newest, the next newest object
     * version becomes current (a delete marker next in line keeps the key hidden).
     *
     * @throws OmException NO_SUCH_VERSION
     */
    public static DeleteKeyResponse deleteVersion(Mutation mutation, BucketInfo bucket, String name, String versionId)
            throws OmException {
        checkObjectStore(bucket);
        String wanted = storedId(versionId);
        String row = keyRow(bucket, name);
        Optional<KeyInfo> current = mutation.get(OmSchema.KEYS, row);
        KeyInfo removed;
        if (current.isPresent() && current.get().getVersionId().equals(wanted)) {
            removed = current.get();
            mutation.delete(OmSchema.KEYS, row);
        } else {
            List<KeyValue<String, KeyInfo>> versions = noncurrent(mutation, bucket, name);
            KeyValue<String, KeyInfo> found = versions.stream()
                    .filter(version -> version.value().getVersionId().equals(wanted))
                    .findFirst()
                    .orElseThrow(() -> noSuchVersion(bucket, name, versionId));
            removed = found.value();
            mutation.delete(OmSchema.VERSIONS, found.key());
        }
        if (mutation.get(OmSchema.KEYS, row).isEmpty()) {
            promoteNewest(mutation, bucket, name);
        }
        Usage usage = new Usage(0, 0);
        free(mutation, removed, usage);
        BucketUsage.update(mutation, bucket, usage.bytes, usage.count);
        return DeleteKeyResponse.newBuilder()
                .setVersionId(versionId)
                .setDeleteMarker(removed.getDeleteMarker())
                .build();
    }

    /**
     * Removes a version the lifecycle service found noncurrent, if it still is one (a version whose newer versions
     * were deleted since may have become current, and then stays).
     *
     * @param versionId the id as S3 shows it
     * @return whether it was removed
     */
    public static boolean expireNoncurrent(Mutation mutation, BucketInfo bucket, String name, String versionId)
            throws OmException {
        String wanted = storedId(versionId);
        boolean hasCurrent = mutation.get(OmSchema.KEYS, keyRow(bucket, name)).isPresent();
        List<KeyValue<String, KeyInfo>> versions = noncurrent(mutation, bucket, name);
        for (int i = hasCurrent ? 0 : 1; i < versions.size(); i++) {
            if (versions.get(i).value().getVersionId().equals(wanted)) {
                var unused = deleteVersion(mutation, bucket, name, versionId);
                return true;
            }
        }
        return false;
    }

    /**
     * Removes a delete marker that is a key's only version left (S3's expired object delete marker), if it still is.
     *
     * @param versionId the marker's id as S3 shows it
     * @return whether it was removed
     */
    public static boolean expireLoneDeleteMarker(Mutation mutation, BucketInfo bucket, String name, String versionId)
            throws OmException {
        if (mutation.get(OmSchema.KEYS, keyRow(bucket, name)).isPresent()) {
            return false;
        }
        List<KeyValue<String, KeyInfo>> versions = noncurrent(mutation, bucket, name);
        if (versions.size() != 1
                || !versions.get(0).value().getDeleteMarker()
                || !versions.get(0).value().getVersionId().equals(storedId(versionId))) {
            return false;
        }
        var unused = deleteVersion(mutation, bucket, name, versionId);
        return true;
    }

    /**
     * One version of a key, as S3 shows it ("null" id for the null version).
     *
     * @throws OmException NO_SUCH_VERSION; METHOD_NOT_ALLOWED for a delete marker
     */
    public static KeyInfo lookup(ReadView view, BucketInfo bucket, String name, String versionId) throws OmException {
        checkObjectStore(bucket);
        String wanted = storedId(versionId);
        Optional<KeyInfo> current = view.get(OmSchema.KEYS, keyRow(bucket, name));
        if (current.isPresent() && current.get().getVersionId().equals(wanted)) {
            return shown(current.get());
        }
        String prefix = RowKeys.versionsOf(bucket.getVolume(), bucket.getName(), name);
        for (KeyValue<String, KeyInfo> version : view.scan(OmSchema.VERSIONS, prefix, prefix, Integer.MAX_VALUE)) {
            if (version.value().getVersionId().equals(wanted)) {
                if (version.value().getDeleteMarker()) {
                    throw new OmException(
                            OmStatus.METHOD_NOT_ALLOWED,
                            "version " + versionId + " of " + name + " is a delete marker");
                }
                return shown(version.value());
            }
        }
        throw noSuchVersion(bucket, name, versionId);
    }

    /**
     * Refuses a version id in a FILE_SYSTEM_OPTIMIZED bucket, which keeps no versions.
     *
     * @throws OmException INVALID_REQUEST
     */
    public static void checkObjectStore(BucketInfo bucket) throws OmException {
        if (bucket.getLayout() == BucketLayout.FILE_SYSTEM_OPTIMIZED) {
            throw new OmException(
                    OmStatus.INVALID_REQUEST, "versions are kept in OBJECT_STORE buckets only; " + bucket.getName());
        }
    }

    /** Whether the bucket holds no noncurrent version and no delete marker. */
    public static boolean noneLeft(ReadView view, BucketInfo bucket) {
        String prefix = RowKeys.keysOf(bucket.getVolume(), bucket.getName());
        return view.scan(OmSchema.VERSIONS, prefix, prefix, 1).isEmpty();
    }

    /** The key with the version id S3 reports: "null" for the null version. */
    public static KeyInfo shown(KeyInfo key) {
        return key.getVersionId().isEmpty()
                ? key.toBuilder().setVersionId(NULL_ID).build()
                : key;
    }

    /** A version's row in the version table. */
    static String versionRow(BucketInfo bucket, KeyInfo version) {
        return RowKeys.version(bucket.getVolume(), bucket.getName(), version.getName(), version.getVersionSeq());
    }

    /** The version id of a sequence number. */
    static String idOf(long seq) {
        return String.format("%016x", seq);
    }

    /** Moves the current version to the noncurrent ones, or frees it when it is the null version being replaced. */
    private static void demoteCurrent(
            Mutation mutation, BucketInfo bucket, String name, boolean replaceNull, Usage usage) {
        if (replaceNull) {
            for (KeyValue<String, KeyInfo> version : noncurrent(mutation, bucket, name)) {
                if (version.value().getVersionId().isEmpty()) {
                    mutation.delete(OmSchema.VERSIONS, version.key());
                    free(mutation, version.value(), usage);
                }
            }
        }
        Optional<KeyInfo> current = mutation.get(OmSchema.KEYS, keyRow(bucket, name));
        if (current.isEmpty()) {
            return;
        }
        if (replaceNull && current.get().getVersionId().isEmpty()) {
            free(mutation, current.get(), usage);
        } else {
            mutation.put(OmSchema.VERSIONS, versionRow(bucket, current.get()), current.get());
        }
    }

    /** Makes the newest noncurrent version current unless it is a delete marker. */
    private static void promoteNewest(Mutation mutation, BucketInfo bucket, String name) {
        List<KeyValue<String, KeyInfo>> versions = noncurrent(mutation, bucket, name);
        if (!versions.isEmpty() && !versions.get(0).value().getDeleteMarker()) {
            mutation.delete(OmSchema.VERSIONS, versions.get(0).key());
            mutation.put(OmSchema.KEYS, keyRow(bucket, name), versions.get(0).value());
        }
    }

    private static void free(Mutation mutation, KeyInfo version, Usage usage) {
        if (!version.getDeleteMarker()) {
            DeletedKeys.add(mutation, version);
            usage.bytes -= BucketUsage.bytes(version);
            usage.count--;
        }
    }

    /** A key's noncurrent versions, newest first, with the request's own writes. */
    private static List<KeyValue<String, KeyInfo>> noncurrent(Mutation mutation, BucketInfo bucket, String name) {
        return mutation.scanWithOwnWrites(
                OmSchema.VERSIONS, RowKeys.versionsOf(bucket.getVolume(), bucket.getName(), name));
    }

    private static String keyRow(BucketInfo bucket, String name) {
        return RowKeys.key(bucket.getVolume(), bucket.getName(), name);
    }

    private static String storedId(String versionId) {
        return versionId.equals(NULL_ID) ? "" : versionId;
    }

    private static String shownId(KeyInfo version) {
        return version.getVersionId().isEmpty() ? NULL_ID : version.getVersionId();
    }

    private static OmException noSuchVersion(BucketInfo bucket, String name, String versionId) {
        return new OmException(
                OmStatus.NO_SUCH_VERSION,
                "no version " + versionId + " of " + bucket.getVolume() + "/" + bucket.getName() + "/" + name);
    }

    /** Bytes and objects a request adds to (or frees from) the bucket. */
    private static final class Usage {
        private long bytes;
        private long count;

        Usage(long bytes, long count) {
            this.bytes = bytes;
            this.count = count;
        }
    }
}
