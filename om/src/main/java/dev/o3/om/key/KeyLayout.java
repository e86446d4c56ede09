package dev.o3.om.key;

import dev.o3.om.db.Mutation;
import dev.o3.om.db.ReadView;
import dev.o3.om.request.OmException;
import dev.o3.proto.om.BucketInfo;
import dev.o3.proto.om.KeyInfo;
import dev.o3.proto.om.ListKeysRequest;
import dev.o3.proto.om.ListKeysResponse;
import java.util.Optional;

/**
 * How a bucket layout stores committed keys: flat rows ({@code OBJECT_STORE}) or a directory tree
 * ({@code FILE_SYSTEM_OPTIMIZED}). Requests pick the strategy from the bucket ({@link KeyLayouts#of}) instead of
 * subclassing per layout. Open keys, multipart uploads and deleted keys are layout-independent. Stateless.
 */
public interface KeyLayout {
    /**
     * Checks a key name against the layout's rules.
     *
     * @throws OmException INVALID_KEY_NAME when the layout refuses the name (e.g. '..' segments in FSO)
     */
    void checkName(String name) throws OmException;

    /** The committed key (a file in FSO), with its full name. */
    Optional<KeyInfo> lookup(ReadView view, BucketInfo bucket, String name) throws OmException;

    /** Checks that a key may be created at {@code name} (FSO: not a directory, no file among its parents). */
    void checkCreate(ReadView view, BucketInfo bucket, String name) throws OmException;

    /**
     * Stores a committed key (FSO: creating missing parent directories).
     *
     * @return the key it replaced, whose blocks the caller frees
     */
    Optional<KeyInfo> put(Mutation mutation, BucketInfo bucket, KeyInfo key) throws OmException;

    /**
     * Removes a key, or a directory (FSO: recursively in O(1) by moving its row to the deleted directories).
     *
     * @return the removed key or directory
     * @throws OmException KEY_NOT_FOUND, DIRECTORY_NOT_EMPTY
     */
    KeyInfo remove(Mutation mutation, BucketInfo bucket, String name, boolean recursive) throws OmException;

    /** Renames a key (FSO: also a directory, atomically, by rewriting one row). */
    void rename(Mutation mutation, BucketInfo bucket, String from, String to, long timeMillis) throws OmException;

    /** Creates a directory and its missing parents; existing directories are fine. */
    void createDirectory(Mutation mutation, BucketInfo bucket, String path, long timeMillis) throws OmException;

    /**
     * Sets a file's or directory's modification and access times (Hadoop's setTimes); a negative time is left as it
     * is.
     *
     * @throws OmException KEY_NOT_FOUND, also for an OBJECT_STORE directory that only exists as a prefix
     */
    void setTimes(Mutation mutation, BucketInfo bucket, String path, long modificationMillis, long accessMillis)
            throws OmException;

    /** A file or directory. @throws OmException KEY_NOT_FOUND */
    KeyInfo status(ReadView view, BucketInfo bucket, String path) throws OmException;

    /** One page of a listing in key order. */
    ListKeysResponse list(ReadView view, BucketInfo bucket, ListKeysRequest request) throws OmException;

    /** Whether the bucket has no keys and no directories. */
    boolean isEmpty(ReadView view, BucketInfo bucket);
}
