package dev.o3.client.io;

import dev.o3.proto.hdds.BlockLocation;
import java.util.List;
import java.util.Map;

/**
 * Makes the data of a {@link KeyOutputStream} visible: CommitKey for a key, CommitMultipartPart for a part, and
 * HsyncKey for a key's data so far.
 */
@FunctionalInterface
public interface KeyCommitter {
    /**
     * Commits the written data.
     *
     * @param size total bytes written
     * @param blocks the blocks holding them, in order, with their final lengths
     * @param md5Hex hex MD5 of the data (the S3 ETag of a single PUT or a part)
     * @param metadata key metadata known only after the data was written (empty for most writers)
     * @return the version id the commit made in a versioned bucket, else empty
     */
    String commit(long size, List<BlockLocation> blocks, String md5Hex, Map<String, String> metadata);

    /**
     * Makes the data written so far the key's visible content while the stream stays open (hsync).
     *
     * @param size bytes written so far
     * @param blocks the blocks holding them, in order, with the lengths their pipelines committed
     * @throws UnsupportedOperationException when this kind of write cannot be synced (a multipart part)
     */
    default void sync(long size, List<BlockLocation> blocks) {
        throw new UnsupportedOperationException("this write cannot be synced before it is closed");
    }
}
