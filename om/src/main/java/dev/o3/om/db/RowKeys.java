package dev.o3.om.db;

/** Builds the row keys of the {@link OmSchema} tables (layouts documented there). */
public final class RowKeys {
    private RowKeys() {}

    public static String volume(String volume) {
        return "/" + volume;
    }

    public static String bucket(String volume, String bucket) {
        return "/" + volume + "/" + bucket;
    }

    /** Prefix of every bucket of a volume. */
    public static String bucketsOf(String volume) {
        return "/" + volume + "/";
    }

    public static String key(String volume, String bucket, String key) {
        return bucket(volume, bucket) + "/" + key;
    }

    /** Prefix of every key (and open key, multipart upload) of a bucket. */
    public static String keysOf(String volume, String bucket) {
        return bucket(volume, bucket) + "/";
    }

    public static String openKey(String volume, String bucket, String key, long clientId) {
        return key(volume, bucket, key) + "#" + clientId;
    }

    public static String deletedKey(String volume, String bucket, String key, long objectId) {
        return key(volume, bucket, key) + "#" + objectId;
    }

    /** A noncurrent version or delete marker: newer versions of a key sort first. */
    public static String version(String volume, String bucket, String key, long versionSeq) {
        return versionsOf(volume, bucket, key) + String.format("%016x", Long.MAX_VALUE - versionSeq);
    }

    /** Prefix of every noncurrent version of one key ('\0' never occurs in a key name). */
    public static String versionsOf(String volume, String bucket, String key) {
        return key(volume, bucket, key) + '\0';
    }

    public static String multipartUpload(String volume, String bucket, String key, String uploadId) {
        return key(volume, bucket, key) + "#" + uploadId;
    }

    /** A directory or file row of a FILE_SYSTEM_OPTIMIZED bucket. */
    public static String child(long bucketId, long parentId, String name) {
        return childrenOf(bucketId, parentId) + name;
    }

    /** Prefix of every child row of a directory (or of the bucket root, {@code parentId == bucketId}). */
    public static String childrenOf(long bucketId, long parentId) {
        return bucketId + "/" + parentId + "/";
    }

    public static String deletedDirectory(long bucketId, long parentId, String name, long objectId) {
        return child(bucketId, parentId, name) + "#" + objectId;
    }
}
