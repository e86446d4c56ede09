package dev.o3.hadoopfs;

import dev.o3.client.api.BucketInfo;
import dev.o3.client.api.ObjectStore;
import dev.o3.client.api.OzoneBucket;
import dev.o3.client.api.PathStatus;
import dev.o3.client.om.OmException;
import dev.o3.proto.om.OmStatus;
import java.util.List;
import java.util.Optional;
import org.apache.hadoop.fs.PathIsNotEmptyDirectoryException;

/**
 * The volumes and buckets above ofs's files, the two top levels of its tree: created when a path below them is
 * (as HDFS creates a file's missing parents, and Ozone's ofs its volume and bucket), owned by the file system's
 * user, and deleted with their contents. Thread-safe (the object store is).
 */
final class OfsBuckets {
    private final ObjectStore store;
    private final String owner;
    private final int replication;

    /**
     * @param owner the user new volumes belong to
     * @param replication the replication factor of new buckets ({@code ozone.replication})
     */
    OfsBuckets(ObjectStore store, String owner, int replication) {
        this.store = store;
        this.owner = owner;
        this.replication = replication;
    }

    /** Creates the volume unless it exists. */
    void ensureVolume(String volume) {
        try {
            store.createVolume(volume, Optional.of(owner));
        } catch (OmException e) {
            // a user who may not create volumes may still make buckets in an existing one (a job's own volume)
            boolean exists = e.status() == OmStatus.VOLUME_ALREADY_EXISTS
                    || (e.status() == OmStatus.PERMISSION_DENIED && volumeExists(volume));
            if (!exists) {
                throw e;
            }
        }
    }

    /** Creates the path's bucket, FILE_SYSTEM_OPTIMIZED, unless it exists. */
    void ensureBucket(OfsPath target) {
        try {
            store.getVolume(target.volume()).createBucket(target.bucket(), "FILE_SYSTEM_OPTIMIZED", replication);
        } catch (OmException e) {
            if (e.status() != OmStatus.BUCKET_ALREADY_EXISTS) {
                throw e;
            }
        }
    }

    /**
     * Deletes the volume, with its buckets when {@code recursive}.
     *
     * @throws PathIsNotEmptyDirectoryException when it has buckets and {@code recursive} is false
     */
    boolean deleteVolume(OfsPath target, boolean recursive, int pageSize) throws PathIsNotEmptyDirectoryException {
        List<BucketInfo> buckets = store.getVolume(target.volume()).listBuckets("");
        if (!buckets.isEmpty() && !recursive) {
            throw new PathIsNotEmptyDirectoryException(target.toString());
        }
        for (BucketInfo bucket : buckets) {
            deleteBucket(new OfsPath(target.volume(), bucket.name(), ""), true, pageSize);
        }
        store.deleteVolume(target.volume());
        return true;
    }

    /**
     * Deletes the bucket, with its files and directories (a page of {@code pageSize} top-level entries at a time) when
     * {@code recursive}.
     *
     * @throws PathIsNotEmptyDirectoryException when it is not empty and {@code recursive} is false
     */
    boolean deleteBucket(OfsPath target, boolean recursive, int pageSize) throws PathIsNotEmptyDirectoryException {
        OzoneBucket bucket = store.bucket(target.volume(), target.bucket());
        List<PathStatus> children =
                bucket.paths().listDirectory("", "", pageSize).entries();
        if (!children.isEmpty() && !recursive) {
            throw new PathIsNotEmptyDirectoryException(target.toString());
        }
        while (!children.isEmpty()) {
            for (PathStatus child : children) {
                bucket.paths().delete(child.path(), true);
            }
            children = bucket.paths().listDirectory("", "", pageSize).entries();
        }
        store.getVolume(target.volume()).deleteBucket(target.bucket());
        return true;
    }

    private boolean volumeExists(String volume) {
        try {
            store.getVolume(volume);
            return true;
        } catch (OmException e) {
            if (e.status() == OmStatus.VOLUME_NOT_FOUND) {
                return false;
            }
            throw e;
        }
    }
}
